//! Triggered abilities: "When …", "At …", Deathknell's "— [effect]" (378–383, 808.1), and the triggers that choose.

use super::*;

/// "When I attack, …" and the other trigger conditions the vocabulary has (378–383);
/// "When I attack or defend, …" is one ability for each. "When you conquer/hold here" is
/// on a battlefield's card only.
pub(super) fn triggered(s: &str, battlefield: bool) -> Option<Vec<AbilityDef>> {
    // 383.3.e: "If you control fewer runes than an opponent at the start of your Beginning
    // Phase, give me …" — the conditional statement written before the trigger condition
    let reordered = condition_first(s);
    let s = reordered.as_deref().unwrap_or(s);
    // "The first time I conquer each turn, …", "Once each turn, when …": the trigger
    // condition with its limit in a turn (383.1, 383.3.f); a battlefield counts nothing
    let (limited, limit) = turn_limited(s);
    if limit.is_some() && battlefield {
        return None;
    }
    let s = limited.as_str();
    const WHEN: &[(&str, &[&str])] = &[
        ("when you play me", &["play"]),
        ("when you play this", &["play"]),
        ("when i attack or defend", &["attack", "defend"]),
        ("when i attack", &["attack"]),
        ("when i defend", &["defend"]),
        ("when i move to a battlefield", &["move-to-battlefield"]),
        ("when i win a combat", &["win-combat"]),
        ("when i move", &["move"]),
        ("when i conquer", &["conquer"]),
        ("when i hold", &["hold"]),
        ("when i die", &["die"]),
        ("when you play a spell", &["play-spell"]),
        ("at the end of your turn", &["end-of-turn"]),
        ("at the start of your beginning phase", &["beginning-phase"]),
        ("at start of your beginning phase", &["beginning-phase"]),
        ("when a friendly unit dies", &["friendly-unit-dies"]),
        (
            "when another friendly unit dies",
            &["another-friendly-unit-dies"],
        ),
        ("when you play a unit", &["you-play-unit"]),
        ("when you play another unit", &["you-play-unit"]),
        ("when you play a gear", &["you-play-gear"]),
        ("when you conquer", &["you-conquer"]),
        ("when you hold", &["you-hold"]),
        ("when you win a combat", &["you-win-combat"]),
        ("when i move from a battlefield", &["move-from-battlefield"]),
        ("when an enemy unit dies", &["enemy-unit-dies"]),
        ("when an enemy unit here dies", &["enemy-unit-dies-here"]),
        ("when an opponent scores", &["opponent-scores"]),
        ("when you buff me", &["you-buff-me"]),
        ("when you stun an enemy unit", &["you-stun-enemy"]),
        (
            "when you stun one or more enemy units",
            &["you-stun-enemies"],
        ),
        ("when you discard one or more cards", &["you-discard"]),
        ("when you discard me", &["you-discard-me"]),
        ("when you play a token unit", &["you-play-token-unit"]),
        ("when you or an ally hold", &["you-or-ally-hold"]),
        ("when i become ready", &["become-ready"]),
        (
            "when you ready a friendly unit",
            &["you-ready-friendly-unit"],
        ),
        ("when you buff a friendly unit", &["you-buff-friendly-unit"]),
        (
            "when a buffed friendly unit dies",
            &["buffed-friendly-unit-dies"],
        ),
        ("when you choose me", &["you-choose-me"]),
        (
            "when you choose me with a spell",
            &["you-choose-me-with-spell"],
        ),
        (
            "when you choose a friendly unit",
            &["you-choose-friendly-unit"],
        ),
        ("when you ready me", &["you-ready-me"]),
        ("when you play a card", &["you-play-card"]),
        ("when you hide a card", &["you-hide-card"]),
        (
            "when a unit you control becomes mighty",
            &["your-unit-becomes-mighty"],
        ),
        (
            "when one of your units becomes mighty",
            &["your-unit-becomes-mighty"],
        ),
        ("when i become mighty", &["become-mighty"]),
        ("when you move an enemy unit", &["you-move-enemy-unit"]),
        (
            "when you kill a unit with a spell",
            &["you-kill-unit-with-spell"],
        ),
        (
            "when another unit you control dies",
            &["another-unit-you-control-dies"],
        ),
        ("when a friendly unit attacks", &["friendly-unit-attacks"]),
        ("when a friendly unit defends", &["friendly-unit-defends"]),
        (
            "when a friendly unit attacks or defends",
            &["friendly-unit-attacks", "friendly-unit-defends"],
        ),
        (
            "when a friendly unit attacks alone",
            &["friendly-unit-attacks-alone"],
        ),
        (
            "when a friendly unit defends alone",
            &["friendly-unit-defends-alone"],
        ),
        (
            "when a friendly unit attacks or defends alone",
            &["friendly-unit-attacks-alone", "friendly-unit-defends-alone"],
        ),
        (
            "when you attach an equipment to me",
            &["you-attach-equipment-to-me"],
        ),
        (
            "when you play a card from hidden",
            &["you-play-card-from-hidden"],
        ),
        (
            "when you play a card from face down",
            &["you-play-card-from-hidden"],
        ),
        (
            "when you play a card from facedown",
            &["you-play-card-from-hidden"],
        ),
    ];
    const HERE: &[(&str, &[&str])] = &[
        ("when you conquer here", &["conquer"]),
        ("when you hold here", &["hold"]),
        ("when you defend here", &["defend"]),
        ("when a unit moves from here", &["unit-moves-from-here"]),
        (
            "at the start of each players beginning phase",
            &["each-beginning-phase"],
        ),
        (
            "at the start of each players first beginning phase",
            &["each-beginning-phase"],
        ),
    ];
    let f = fold(s);
    let table = if battlefield { HERE } else { WHEN };
    let lookup = |head: &str| -> Option<Vec<String>> {
        if let Some((_, w)) = table.iter().find(|(p, _)| *p == head) {
            return Some(w.iter().map(|w| w.to_string()).collect());
        }
        (!battlefield).then_some(())?;
        // "When you draw your second card each turn"
        if let Some(n) = head
            .strip_prefix("when you draw your ")
            .and_then(|r| r.strip_suffix(" card each turn"))
            .and_then(|r| {
                ["first", "second", "third", "fourth"]
                    .iter()
                    .position(|w| *w == r)
            })
        {
            return Some(vec![format!("you-draw-nth {}", n + 1)]);
        }
        // "When you play your second card in a turn" (419.4.a)
        if let Some(n) = head
            .strip_prefix("when you play your ")
            .and_then(|r| {
                r.strip_suffix(" card in a turn")
                    .or_else(|| r.strip_suffix(" card each turn"))
            })
            .and_then(|r| {
                ["first", "second", "third", "fourth"]
                    .iter()
                    .position(|w| *w == r)
            })
        {
            return Some(vec![format!("you-play-nth-card {}", n + 1)]);
        }
        // "When you play a card with Power cost [Rune][Rune] or more": each [Rune] is one
        if let Some(runes) = head
            .strip_prefix("when you play a card with power cost ")
            .and_then(|r| r.strip_suffix(" or more"))
        {
            let n = runes.matches("rune").count();
            return (n > 0 && runes.replace("rune", "").is_empty())
                .then(|| vec![format!("you-play-card-power {n}")]);
        }
        // "When another non-Recruit unit you control dies" (the dash folded away; the tag as
        // written)
        if let Some(tag) = head
            .strip_prefix("when another non")
            .and_then(|r| r.strip_suffix(" unit you control dies"))
            .filter(|t| !t.is_empty() && !t.contains(' '))
        {
            let written = s
                .split(|c: char| !c.is_alphanumeric())
                .find(|w| w.eq_ignore_ascii_case(tag))?;
            return written
                .chars()
                .next()
                .is_some_and(char::is_uppercase)
                .then(|| vec![format!("another-unit-you-control-dies-except {written}")]);
        }
        // "When you play a [Mighty] unit", "When you play another Dragon" (a tag, as written)
        if head == "when you play a mighty unit" {
            return Some(vec!["you-play-mighty-unit".into()]);
        }
        let tag = head
            .strip_prefix("when you play another ")
            .or_else(|| head.strip_prefix("when you play a "))
            .or_else(|| head.strip_prefix("when you play an "))
            .filter(|t| !t.contains(' '))?;
        let written = s
            .split(|c: char| !c.is_alphanumeric())
            .find(|w| w.eq_ignore_ascii_case(tag))?;
        let upper = written.chars().next().is_some_and(char::is_uppercase);
        (upper && !matches!(tag, "unit" | "gear" | "spell" | "card"))
            .then(|| vec![format!("you-play-tag {written}")])
    };
    let passive = |head: &str| -> Option<Vec<String>> {
        Some(
            passive_events(head)?
                .into_iter()
                .map(String::from)
                .collect(),
        )
    };
    // the trigger condition is before the first comma, or before the comma after a list
    // of what happens to the card ("When this is played, discarded, or killed, …")
    let commas = (1..f.matches(',').count())
        .rev()
        .find(|&k| {
            passive_events(&f.split(',').take(k + 1).collect::<Vec<_>>().join(",")).is_some()
        })
        .unwrap_or(0);
    let head_owned = f.split(',').take(commas + 1).collect::<Vec<_>>().join(",");
    let head = head_owned.as_str();
    // "When an enemy unit dies while I'm at a battlefield, …": a condition of the source as
    // the event happens, checked as the ability triggers (383.3.e)
    let (head, while_here) = match head.strip_suffix(" while im at a battlefield") {
        Some(h) => (h, true),
        None => (head, false),
    };
    // "When I attack or defend one on one, …" (741.2): checked as the unit gains the
    // designation (383.4.e.2.b), as the ability triggers
    let (head, one_on_one) = match head.strip_suffix(" one on one") {
        Some(h) if h.starts_with("when i ") && !while_here => (h, true),
        _ => (head, false),
    };
    // "When you play a spell on an opponent's turn", "When you play a unit during a showdown":
    // when the event happens, also checked as the ability triggers
    // "When you play me to a battlefield": the play effect (383.4.a) triggers as the unit
    // enters where it was played, so it is at a battlefield as it triggers
    // "When I die in combat" (741.3): in combat as it dies, checked as the death triggers
    // while the unit is still where it died (808.1.d.2)
    let (head, during) = match (
        head.strip_suffix(" on an opponents turn"),
        head.strip_suffix(" during a showdown"),
        (head == "when you play me to a battlefield").then_some("when you play me"),
        (head == "when i die in combat").then_some("when i die"),
    ) {
        (Some(h), _, _, _) => (h, Some("opponents-turn")),
        (_, Some(h), _, _) => (h, Some("showdown")),
        (_, _, Some(h), _) => (h, Some("at-battlefield")),
        (_, _, _, Some(h)) => (h, Some("in-combat")),
        _ => (head, None),
    };
    if during.is_some() && while_here {
        return None;
    }
    // "When you play me or at the start of your Beginning Phase, …", "When you play me or I
    // attack, …": one ability for each condition
    // "When you play a spell that costs [5] or more, …" (419.4.a)
    let costing = head
        .strip_prefix("when you play a spell that costs ")
        .and_then(|r| r.strip_suffix(" or more"))
        .and_then(|n| n.parse::<u16>().ok())
        .filter(|_| !battlefield);
    let whens: Vec<String> = if let Some(n) = costing {
        vec![format!("play-spell-costing {n}")]
    } else {
        match lookup(head) {
            Some(w) => w,
            None if passive_events(head).is_some() => passive(head)?,
            None if head.contains(" and when ") => {
                // "When I'm played and when I conquer, …": one ability for each
                let mut v = Vec::new();
                for h in head.split(" and when ") {
                    let h = if h.starts_with("when ") {
                        h.to_string()
                    } else {
                        format!("when {h}")
                    };
                    v.extend(lookup(&h).or_else(|| passive(&h))?);
                }
                v
            }
            None => {
                let (a, b) = head.split_once(" or ")?;
                let b = if b.starts_with("when ") || b.starts_with("at ") {
                    b.to_string()
                } else {
                    format!("when {b}")
                };
                // "When you conquer or hold": the second shares the first's subject
                let shared = a
                    .strip_prefix("when you ")
                    .map(|_| b.replacen("when ", "when you ", 1));
                // "When you play me or another Dragon": … and its verb
                let shared_verb = a
                    .strip_prefix("when you play ")
                    .map(|_| b.replacen("when ", "when you play ", 1));
                // "When you choose or ready me": the first shares the second's object
                let shared_object = b
                    .ends_with(" me")
                    .then(|| format!("{a} me"))
                    .filter(|_| !a.ends_with(" me"));
                let mut v = lookup(a).or_else(|| lookup(shared_object.as_deref()?))?;
                v.extend(
                    lookup(&b)
                        .or_else(|| lookup(shared.as_deref()?))
                        .or_else(|| lookup(shared_verb.as_deref()?))?,
                );
                v
            }
        }
    };
    if !s.contains(',') {
        return None;
    }
    let at = s.match_indices(',').nth(commas)?.0;
    let (_, body) = s.split_at(at + 1);
    let mut body = body.trim();
    // 383.3.e: "When you play me, if you control a Poro, …": a conditional statement
    if one_on_one && during.is_some() {
        return None;
    }
    // "At the start of each player's first Beginning Phase" (478.7): the turn player's first
    // turn, checked as it triggers
    let first = battlefield && head == "at the start of each players first beginning phase";
    let mut condition = while_here
        .then(|| "at-battlefield".to_string())
        .or(one_on_one.then(|| "one-on-one".to_string()))
        .or(during.map(String::from))
        .or(first.then(|| "turn-players-first-turns 1".to_string()));
    if let Some(r) = strip_ci(body, "if ") {
        let (c, rest) = r.split_once(',')?;
        if condition.is_some() {
            return None;
        }
        condition = Some(if_condition(c)?);
        body = rest.trim();
    }
    // "draw 1 if you have one or fewer cards in your hand": a condition of the instruction it
    // follows, checked as it executes (359.3.f.2, as "If …, draw 1." within the instructions)
    let mut trailing = None;
    if let Some((rest, c)) = trailing_condition(body) {
        trailing = Some(c);
        body = rest;
    }
    // 403.1.b.1: "you may pay [cost] to [effect]", "you may exhaust me to [effect]" — a cost
    // within the instructions
    let mut cost = None;
    if let Some((c, rest)) = trigger_cost(body) {
        cost = Some(c);
        body = rest;
    }
    // 383.2.c.1: "… to play me from your trash" — an ability active in the trash; the cost
    // paid is the price of that play (742.1.b: paid as the ability goes on the chain), the
    // card's own cost ignored (356.1.b.1)
    let whole = fold(body.trim().trim_end_matches('.'));
    let play_me = matches!(
        whole.as_str(),
        "play me from your trash" | "play this from your trash"
    );
    // "… to return this from your trash to your hand" (355.10.a): the card itself
    let return_me = matches!(
        whole.as_str(),
        "return me from your trash to your hand" | "return this from your trash to your hand"
    );
    let from_trash = play_me || return_me;
    let mut v = if play_me {
        vec![format::Effect {
            play_card: Some(name("me")),
            ignoring: cost.is_some().then(|| name("cost")),
            ..Default::default()
        }]
    } else if return_me {
        vec![format::Effect {
            return_: Some(name("me")),
            ..Default::default()
        }]
    } else if let Some(v) = whens
        .iter()
        .all(|w| w == "each-beginning-phase")
        .then(|| super::players::that_player(body, "turn-player"))
        .flatten()
    {
        // "At the start of each player's Beginning Phase, that player channels 1 rune": the
        // player whose Beginning Phase it is
        v
    } else {
        instructions(body)?
    };
    if let Some(c) = trailing {
        let [e] = v.as_mut_slice() else {
            return None;
        };
        if e.may || e.if_.is_some() || e.instead_if.is_some() {
            return None;
        }
        e.if_ = Some(name(c));
    }
    // "When you ready a friendly unit, give it +1 [Might] this turn.": "it" is the unit the
    // event is about (the engine binds `that-unit` to it as the ability triggers)
    if !whens.is_empty() && whens.iter().all(|w| SUBJECT_TRIGGERS.contains(&w.as_str())) {
        for e in v.iter_mut() {
            for t in target_fields(e) {
                if t.value == "it" {
                    t.value = "that-unit".into();
                }
            }
        }
    }
    bind_it(&mut v, &mut None, &mut false).then_some(())?;
    // "When I move to a battlefield, … to that battlefield": the battlefield it moved to
    let event_bf = whens.len() == 1 && whens[0] == "move-to-battlefield";
    places_bound_given(&v, event_bf).then_some(())?;
    Some(
        whens
            .iter()
            .map(|w| {
                let mut v = v.clone().into_iter();
                AbilityDef {
                    when: Some(name(w.as_str())),
                    active_in: from_trash.then(|| name("trash")),
                    effect: v.next().map(spanned),
                    then: v.map(spanned).collect(),
                    cost: cost.clone().map(spanned),
                    if_: condition.clone().map(name),
                    nth_time: match limit {
                        Some(TurnLimit::Nth(n)) => Amt::new(n.into()),
                        _ => None,
                    },
                    uses: matches!(limit, Some(TurnLimit::Once)).then(|| name("once-each-turn")),
                    ..Default::default()
                }
            })
            .collect(),
    )
}

/// 355.3: "When I move to a battlefield, choose one —": the triggered abilities (one per event)
/// without their instruction, which is the bulleted modes on the lines that follow.
pub(super) fn trigger_choosing_one(line: &str, battlefield: bool) -> Option<Vec<AbilityDef>> {
    let t = line.trim().trim_end_matches(['—', '–', '-', ' ', ':']);
    let (head, choose) = t.rsplit_once(", ")?;
    if fold(choose) != "choose one" {
        return None;
    }
    let mut v = triggered(&format!("{head}, draw 1."), battlefield)?;
    for a in v.iter_mut() {
        // the head alone: no cost within the instructions, no instruction of its own
        if a.cost.is_some() || !a.then.is_empty() {
            return None;
        }
        a.effect = None;
    }
    Some(v)
}

/// 383.3.e: "If [condition] at the start of your Beginning Phase, [effect]" is "At the start
/// of your Beginning Phase, if [condition], [effect]": the same conditional statement, checked
/// as the ability triggers.
fn condition_first(s: &str) -> Option<String> {
    let r = strip_ci(s.trim(), "if ")?;
    const AT: &str = " at the start of your beginning phase, ";
    let i = r.to_ascii_lowercase().find(AT)?;
    let (c, body) = (&r[..i], &r[i + AT.len()..]);
    if_condition(c)?;
    Some(format!(
        "At the start of your Beginning Phase, if {c}, {body}"
    ))
}

/// "draw 1 if you have one or fewer cards in your hand": an instruction followed by its
/// condition — the instruction and the condition's word, when the whole tail after the last
/// " if " is a condition the vocabulary has.
fn trailing_condition(body: &str) -> Option<(&str, String)> {
    let t = body.trim().trim_end_matches('.');
    let i = t.to_ascii_lowercase().rfind(" if ")?;
    let tail = &t[i + 4..];
    // "if your other units have total Might 5 or more" (a total: checked as it executes)
    let total = fold(tail)
        .strip_prefix("your other units have total might ")
        .and_then(|r| r.strip_suffix(" or more"))
        .and_then(count_word)
        .map(|n| format!("other-units-might {n}"));
    let c = total.or_else(|| if_condition(tail))?;
    Some((&t[..i], c))
}

/// The trigger conditions whose event is about one unit, which their instructions call "it".
const SUBJECT_TRIGGERS: &[&str] = &[
    "you-choose-friendly-unit",
    "your-unit-becomes-mighty",
    "you-move-enemy-unit",
    "friendly-unit-attacks",
    "friendly-unit-defends",
    "friendly-unit-attacks-alone",
    "friendly-unit-defends-alone",
    "unit-moves-from-here",
    "you-ready-friendly-unit",
    "you-buff-friendly-unit",
    "you-play-mighty-unit",
];

/// "When this is played, discarded, or killed", "When I'm played": what happens to the card
/// itself, in the passive voice — played (its play effect, 383.4.a), discarded (from the
/// trash it went to, 383.2.c.1), killed (it dies, 428). One ability for each.
fn passive_events(head: &str) -> Option<Vec<&'static str>> {
    let list = head
        .strip_prefix("when this is ")
        .or_else(|| head.strip_prefix("when im "))?;
    let mut v = Vec::new();
    for w in list
        .split([',', ' '])
        .filter(|w| !w.is_empty() && !matches!(*w, "or" | "and"))
    {
        v.push(match w {
            "played" => "play",
            "discarded" => "you-discard-me",
            "killed" => "die",
            _ => return None,
        });
    }
    (!v.is_empty()).then_some(v)
}

/// 403.1.b.1: the cost at the head of a triggered ability's instructions — "you may pay
/// [1][Fury] to …", "you may exhaust me to …" (414.5: "exhaust this" is the same), "you may
/// pay [1] and exhaust this to …", "you may exhaust me and pay [Rune] to …", "you may spend
/// 3 XP to …" (730.2), "you may spend a buff to …" (702.2.b), "you may kill me to …" (428)
/// — and the rest.
pub(super) fn trigger_cost(body: &str) -> Option<(format::TriggerCost, &str)> {
    let r = strip_ci(body, "you may ")?;
    let (c, rest) = r.split_once(" to ")?;
    let mut cost = format::TriggerCost::default();
    let mut paid = false;
    for part in c.split(" and ") {
        let part = part.trim();
        if let Some(p) = strip_ci(part, "pay ").filter(|_| !std::mem::replace(&mut paid, true)) {
            let p = cost_of(p.trim()).filter(|p| !p.exhaust)?;
            cost.energy = p.energy;
            cost.power = p.power;
        } else if matches!(fold(part).as_str(), "exhaust me" | "exhaust this") && !cost.exhaust {
            cost.exhaust = true;
        } else if let Some(n) = strip_ci(part, "discard ")
            .and_then(count_word)
            .filter(|_| cost.discard.get() == 0)
        {
            // 422: "you may discard 1 to …"
            cost.discard = format::Amt::new(n)?;
        } else if matches!(fold(part).as_str(), "kill me" | "kill this") && !cost.kill_this {
            cost.kill_this = true;
        } else if fold(part) == "spend a buff" && !cost.buff {
            cost.buff = true;
        } else if let Some(n) = strip_ci(part, "spend ")
            .and_then(|r| strip_suffix_ci(r.trim(), " xp"))
            .filter(|_| cost.xp.get() == 0)
        {
            cost.xp = Amt::new(n.trim().parse().ok()?)?;
        } else {
            return None;
        }
    }
    Some((cost, rest))
}

/// How often in a turn a triggered ability triggers, as its text says.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum TurnLimit {
    /// "The [Nth] time …" (383.1).
    Nth(u8),
    /// "Once each turn, when …" (383.3.f).
    Once,
}

/// 383.1: "The first time I conquer each turn, ready me." / "The third time I move in a turn,
/// …" is "When I conquer, ready me." triggering only on the Nth time of the turn; 383.3.f:
/// "Once each turn, when …" is the "When …" ability triggering once a turn. Anything else is
/// returned as it is.
pub(super) fn turn_limited(s: &str) -> (String, Option<TurnLimit>) {
    let t = s.trim();
    if let Some(r) = strip_ci(t, "once each turn, ").filter(|r| fold(r).starts_with("when ")) {
        return (r.to_string(), Some(TurnLimit::Once));
    }
    let Some(r) = strip_ci(t, "the ") else {
        return (t.to_string(), None);
    };
    let nth = [("first ", 1), ("second ", 2), ("third ", 3), ("fourth ", 4)]
        .into_iter()
        .find_map(|(w, n)| {
            strip_ci(r, w)
                .and_then(|r| strip_ci(r, "time "))
                .map(|r| (r, n))
        });
    let Some((r, n)) = nth else {
        return (t.to_string(), None);
    };
    let Some((event, body)) = r.split_once(',') else {
        return (t.to_string(), None);
    };
    let event = event.trim();
    let event = strip_suffix_ci(event, " each turn")
        .or_else(|| strip_suffix_ci(event, " in a turn"))
        .or_else(|| strip_suffix_ci(event, " this turn"));
    match event {
        Some(e) => (format!("When {e},{body}"), Some(TurnLimit::Nth(n))),
        None => (t.to_string(), None),
    }
}

/// 364.2: a passive that changes how units enter (359.2.c) — "I enter ready [if …]",
/// "Other friendly units enter ready", "Your units enter ready", "Your tokens enter ready";
/// `given` is the condition of a dependent keyword ("[Level 11] Your units enter ready").
pub(super) fn enters_ready(s: &str, given: &str) -> Option<AbilityDef> {
    let t = s.trim().trim_end_matches('.').trim();
    let f = fold(t);
    let (scope, cond) = match f.as_str() {
        "i enter ready" => (None, None),
        "other friendly units enter ready" | "your other units enter ready" => {
            (Some("other-friendly-units"), None)
        }
        "your units enter ready" | "friendly units enter ready" => (Some("friendly-units"), None),
        "your tokens enter ready" | "your token units enter ready" => {
            (Some("friendly-units"), Some("token".to_string()))
        }
        _ => {
            // "I enter ready if …" / "If …, I enter ready"
            let c = strip_ci(t, "i enter ready if ").or_else(|| {
                strip_ci(t, "if ").and_then(|r| strip_suffix_ci(r, ", i enter ready"))
            })?;
            (None, Some(if_condition(c)?))
        }
    };
    let cond = match (cond, given) {
        (c, "always") => c,
        (None, g) => Some(g.to_string()),
        (Some(_), _) => return None,
    };
    Some(AbilityDef {
        enter_ready: true,
        scope: scope.map(name),
        if_: cond.map(name),
        ..Default::default()
    })
}

/// "When you play me, choose an enemy unit.": the triggered ability (its instructions to
/// follow) and the target word of what it chooses.
pub(super) fn trigger_that_chooses(s: &str, battlefield: bool) -> Option<(AbilityDef, String)> {
    let t = s.trim().trim_end_matches('.');
    let (head, body) = t.split_once(", ")?;
    let chosen = strip_ci(body.trim(), "choose ")
        .and_then(|b| target(b).or_else(|| chosen_pair(b).map(|(a, b)| format!("{a}\u{1f}{b}"))))?;
    let mut v = triggered(&format!("{head}, draw 1."), battlefield)?;
    if v.len() != 1 {
        return None;
    }
    let mut a = v.pop()?;
    a.effect = None;
    a.then.clear();
    Some((a, chosen))
}

/// "a friendly unit and an enemy unit": two targets chosen by one sentence.
/// "a battlefield", "a battlefield where you have units", "a battlefield you control": a
/// battlefield chosen (355.10.b) — the place word a move's destination takes
/// (`a-battlefield`, …); a filter's is the same with `at-` before it.
pub(super) fn battlefield_choice(s: &str) -> Option<&'static str> {
    Some(match fold(s.trim().trim_end_matches('.')).as_str() {
        "a battlefield" => "a-battlefield",
        "a battlefield where you have units" => "a-battlefield-where-you-have-units",
        "a battlefield you control" => "a-battlefield-you-control",
        _ => return None,
    })
}

/// "a battlefield and an enemy unit there": the unit, chosen at a battlefield chosen first
/// ("choose-enemy at-a-battlefield"); "it" is the unit, "there" the battlefield.
pub(super) fn battlefield_and_unit(s: &str) -> Option<String> {
    let t = s.trim().trim_end_matches('.');
    let i = t.to_ascii_lowercase().find(" and ")?;
    let need = battlefield_choice(&t[..i])?;
    let unit = target(&t[i + " and ".len()..])?;
    let w = unit.strip_suffix(" there")?;
    (w.starts_with("choose-") && !w.contains(' ')).then(|| format!("{w} at-{need}"))
}

pub(super) fn chosen_pair(s: &str) -> Option<(String, String)> {
    let t = s.trim().trim_end_matches('.');
    // "two units", "two friendly units": two different units of that kind (355.5)
    if let Some(r) = strip_ci(t, "two ") {
        let r = r.strip_suffix('s')?;
        let article = if r.starts_with(['a', 'e', 'i', 'o']) {
            "an"
        } else {
            "a"
        };
        let one = target(&format!("{article} {r}"))?;
        if !one.starts_with("choose-")
            || one.contains(' ')
            || ["gear", "rune", "spell"].iter().any(|w| one.contains(w))
        {
            return None;
        }
        return Some((one.clone(), format!("{one} distinct")));
    }
    let (a, b) = t.split_once(" and ")?;
    Some((target(a)?, target(b)?))
}

/// Binds "it" in instructions: to the unit a "Choose …" sentence chose (`chosen`, used up),
/// else to the unit an earlier instruction chose (`before`; the engine binds it at step 2,
/// 355.5). False when an "it" refers to nothing chosen.
pub(super) fn bind_it(
    v: &mut [format::Effect],
    chosen: &mut Option<String>,
    before: &mut bool,
) -> bool {
    for e in v.iter_mut() {
        // "Choose a battlefield. Give friendly units there …": the first "there" is where the
        // battlefield is chosen (355.10.b), later ones are that battlefield
        if let Some(need) = chosen.as_deref().and_then(|c| c.strip_prefix('\u{1e}')) {
            let need = need.to_string();
            for t in target_fields(e) {
                if t.value == "it" {
                    return false;
                }
                if chosen.is_none() {
                    continue;
                }
                if t.value == "there" {
                    t.value = need.clone();
                    *chosen = None;
                } else if let Some(w) = t.value.strip_suffix(" there") {
                    t.value = format!("{w} at-{need}");
                    *chosen = None;
                }
            }
            if chosen.is_some() {
                continue;
            }
        }
        // "they": the two units of a "Choose A and B" (and nothing else)
        if e.fight.as_ref().is_some_and(|f| f.value == "they") {
            let (a, b) = match chosen.as_deref() {
                Some(c) => match c.split_once('\u{1f}') {
                    Some((a, b)) => (a.to_string(), b.to_string()),
                    // "Give a friendly unit +3 [Might] this turn. Then, choose an enemy unit.
                    // They …": the unit an instruction chose before, and the one chosen now
                    None if *before => ("it".to_string(), c.to_string()),
                    None => return false,
                },
                None => return false,
            };
            e.fight = Some(name(a));
            e.with = Some(name(b));
            *chosen = None;
            *before = true;
            continue;
        }
        for t in target_fields(e) {
            if t.value == "it" {
                if chosen.as_deref().is_some_and(|c| c.contains('\u{1f}')) {
                    // two units were chosen: "it" is neither
                    return false;
                }
                if let Some(c) = chosen.take() {
                    t.value = c;
                    *before = true;
                } else if !*before {
                    return false;
                }
            } else if t.value.starts_with("choose-") {
                *before = true;
            }
        }
    }
    true
}
