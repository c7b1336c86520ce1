//! The rule that defines a term: a rule whose text is a definition of it — "Focus is the
//! permission …", "Tokens are Game Objects …", "Hold: A player maintains …", 'A Unit "is
//! Mighty" as long as …' — found in the rules' own sentences, so that `define` names the
//! defining rule first even where the reference index points elsewhere (or nowhere).

use super::library::Rules;
use crate::rulebook::import::model::RuleId;

/// The forms of a term a definition may use: as written, singular and plural, the
/// gerund of a participle or verb ("exhausted" → "exhausting", "buff" → "buffing",
/// "create" → "creating", "burn out" → "burning out") and the verb or noun an agent noun
/// is made from ("controller" → "control"). Returned with a rank: 0 for the term's own
/// forms, 1 for derived ones.
fn forms(term: &str) -> Vec<(String, u8)> {
    let t = term.trim().to_lowercase();
    let mut v: Vec<(String, u8)> = vec![(t.clone(), 0)];
    let mut push = |s: String, rank: u8| {
        if !s.is_empty() && !v.iter().any(|(x, _)| *x == s) {
            v.push((s, rank));
        }
    };
    push(format!("{t}s"), 0);
    push(format!("{t}es"), 0);
    if let Some(s) = t.strip_suffix('s') {
        push(s.to_string(), 0);
    }
    // "enemy" ↔ "enemies"
    if let Some(s) = t.strip_suffix('y')
        && !s.ends_with(['a', 'e', 'i', 'o', 'u'])
    {
        push(format!("{s}ies"), 0);
    }
    if let Some(s) = t.strip_suffix("ies") {
        push(format!("{s}y"), 0);
    }
    // a verb and its particle take the gerund on the verb ("burn out" → "burning out")
    let (verb, particle) = match t.split_once(' ') {
        Some((v, rest)) => (v.to_string(), format!(" {rest}")),
        None => (t.clone(), String::new()),
    };
    let stem = verb
        .strip_suffix("ed")
        .or_else(|| verb.strip_suffix("ing"))
        .unwrap_or(&verb)
        .to_string();
    push(format!("{stem}ing{particle}"), 1);
    // a silent "e" goes ("create" → "creating", "score" → "scoring"; not "free" → "freing")
    if let Some(s) = stem.strip_suffix('e')
        && !s.ends_with(['a', 'e', 'i', 'o', 'u', 'y'])
        && !s.is_empty()
    {
        push(format!("{s}ing{particle}"), 1);
    }
    // a doubled consonant ("buff" → "buffing" keeps it; "stun" → "stunning")
    if let Some(last) = stem.chars().last()
        && !"aeiouy".contains(last)
        && !stem.ends_with(last.to_string().repeat(2).as_str())
    {
        push(format!("{stem}{last}ing{particle}"), 1);
    }
    // an agent noun's verb or noun ("controller" → "control", "attacker" → "attack")
    if particle.is_empty()
        && let Some(s) = t.strip_suffix("er").filter(|s| s.len() >= 3)
    {
        let doubled = s.len() >= 2 && s[s.len() - 1..] == s[s.len() - 2..s.len() - 1];
        push(
            if doubled {
                s[..s.len() - 1].to_string()
            } else {
                s.to_string()
            },
            1,
        );
    }
    v
}

/// Whether `text` (a rule's text) defines `form`, and how directly (0 best): "X is a …",
/// "Xs are …", "X: …" before a quoted '"is X"'; a definition that sends the reader to
/// the rule titled by the term ("See rule 341. Showdowns …") ranks after one that does not.
#[cfg(test)]
fn defines(text: &str, form: &str) -> Option<u8> {
    let (first, _) = crate::rulebook::import::model::definition_head(text);
    let quoted = crate::rulebook::import::model::quoted_is(&first);
    let pointer = points_to_term(text, &forms(form));
    let gerund = form.split(' ').next().is_some_and(|w| w.ends_with("ing"));
    definition(&first, &quoted, form, gerund).map(|how| how * 2 + u8::from(pointer))
}

/// Whether a rule's cross-reference sends the reader to the rule titled by the term
/// ("A Showdown is a structured Window … See rule 341. Showdowns for more information"):
/// the definition is there, and this one is a passing one. A pointer elsewhere ("See rule
/// 349. Playing Cards" after "Activated Abilities are repeatable effects …", 377) is
/// further reading, and does not make the definition a passing one.
fn points_to_term(text: &str, forms: &[(String, u8)]) -> bool {
    let lower = text.to_lowercase();
    lower.split("see rule ").skip(1).any(|after| {
        // "341. showdowns for more information" → "showdowns"
        let after = after.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '.');
        let title = after.split(" for more information").next().unwrap_or(after);
        titles(forms, title.trim().trim_end_matches('.'))
    })
}

/// Whether the words after a naming phrase's term end the name there ("… said to be in an
/// Open State if …", "… called a Facedown Zone, a single …") rather than continue it
/// ("… referred to as Play Effects" names Play Effects, not Play).
fn name_ends(after: &str) -> bool {
    let Some(rest) = after.strip_prefix(' ') else {
        return !after.chars().next().is_some_and(char::is_alphanumeric);
    };
    let next = rest.split([' ', ',', '.', ';', ':']).next().unwrap_or("");
    [
        "if", "when", "while", "unless", "until", "and", "or", "as", "for", "in", "of", "by",
        "that", "which", "to", "with", "because", "on", "at",
    ]
    .contains(&next)
}

/// The words after a gerund subject and its object, up to the verb that defines it:
/// "Discarding a card is moving it …", "Preventing damage is the act …", "Recycling cards
/// is the action …" (at most three words of object).
fn gerund_defined(rest: &str) -> bool {
    let words: Vec<&str> = rest.split_whitespace().take(4).collect();
    // a generic object ("a card", "damage"), not a particular one: "Exhausting the Unit is
    // the Cost for this action" (144.2) says what one exhaust does, not what exhausting is
    if words
        .first()
        .is_some_and(|w| ["the", "this", "that", "their", "its"].contains(w))
    {
        return false;
    }
    words
        .iter()
        .position(|w| *w == "is" || *w == "are")
        .is_some_and(|at| !words[..at].iter().any(|w| w.ends_with(',')))
}

/// Whether the first sentence has the term as its subject and says what it is or does:
/// "Flavor text is text that …" (138.1), "Reminder text appears in italics …" (135.2.d.1),
/// "A Combat occurs when …" (455). Not what it is not ("is not"), a passive ("The Might
/// Bonus is applied while …"), nor a state it is in ("Combat is considered Staged if …"
/// defines *staged*).
fn subject_is(head: &str, form: &str) -> bool {
    let first = head.split('\n').next().unwrap_or(head);
    let body = ["the ", "a ", "an "]
        .iter()
        .find_map(|a| first.strip_prefix(a))
        .unwrap_or(first);
    let Some(rest) = body.strip_prefix(form).and_then(|r| r.strip_prefix(' ')) else {
        return false;
    };
    let mut words = rest.split_whitespace();
    let (Some(verb), after) = (words.next(), words.next().unwrap_or("")) else {
        return false;
    };
    match verb {
        "is" | "are" => {
            let passive = after.len() > 3 && after.ends_with("ed");
            !(passive || ["not", "considered", "said"].contains(&after))
        }
        "has" | "have" => true,
        // a verb that says what it is or does ("occurs", "appears"; a closed list, as a
        // plural noun looks the same: "Inactive Abilities do not …")
        v => [
            "occurs",
            "appears",
            "begins",
            "exists",
            "happens",
            "represents",
            "describes",
            "indicates",
            "determines",
            "contains",
            "includes",
        ]
        .contains(&v),
    }
}

/// How directly a rule's [`definition_head`] (its first sentence, and the next one on a
/// line of its own) defines `form`, 0 best. `gerund`: `form` is the gerund made from the
/// term ("discarding" for "discard"), which may take an object before its verb; a term
/// that is itself an "-ing" word ("pending") does not ("Pending Items are on the Chain" is
/// about the items).
///
/// [`definition_head`]: crate::rulebook::import::model::definition_head
fn definition(head: &str, quoted: &[&str], form: &str, gerund: bool) -> Option<u8> {
    // every way below names the form: a rule without it (nearly all of them) is not read
    // further
    if !head.contains(form) && !quoted.iter().any(|rest| rest.starts_with(form)) {
        return None;
    }
    let (first, next) = head.split_once('\n').unwrap_or((head, ""));
    if let Some(how) = opening(first, form, gerund) {
        return Some(how);
    }
    // a reminder the next sentence gives: "… Reminder: Lethal Damage is non-zero damage
    // equaling or exceeding the Might of a Unit" (460.2.c.2)
    if let Some(r) = next.strip_prefix("reminder: ") {
        if let Some(how) = opening(r, form, gerund) {
            return Some(how + 1);
        }
        if subject_is(r, form) {
            return Some(1);
        }
    }
    // 'A Unit "is Mighty" as long as …'
    if quoted.iter().any(|rest| rest.starts_with(form)) {
        return Some(1);
    }
    if let Some(how) = [first, next].iter().position(|s| by_condition(s, form)) {
        return Some(1 + how as u8);
    }
    for pat in [
        format!("a card's {form} is the "),
        format!("a card\u{2019}s {form} is the "),
    ] {
        if first.contains(&pat) {
            return Some(1);
        }
    }
    // a feature of cards introduced as such: "Some cards have a Might Bonus in their lower
    // right corner, …" (137.1), "Main Deck cards have a Cost, listed …" (131.1)
    if [
        "some cards have a ",
        "main deck cards have a ",
        "each card has a ",
    ]
    .iter()
    .any(|lead| {
        first
            .strip_prefix(lead)
            .is_some_and(|r| r.starts_with(form) && name_ends(&r[form.len()..]))
    }) {
        return Some(1);
    }
    // an action named by its gerund as the predicate: "Damage being cleared from Units is
    // Healing" (418.1)
    if gerund
        && !conditional(first)
        && (first.ends_with(&format!(" is {form}")) || first.ends_with(&format!(" are {form}")))
    {
        return Some(1);
    }
    // a state card text names, introduced in quotes: 'Battlefields can be “occupied.”
    // This means they have a Unit present.' (the first sentence ends inside the quote)
    if [
        format!(" can be \u{201c}{form}"),
        format!(" can be \"{form}"),
    ]
    .iter()
    .any(|p| first.ends_with(p.as_str()))
    {
        return Some(1);
    }
    // naming phrases: "… a sub-zone called a Facedown Zone", "… is said to be in an
    // Open State if …"; in the next sentence, "This is referred to as the Effect Text"
    let naming = |s: &str| {
        ["called", "referred to as", "said to be in", "known as"]
            .iter()
            .any(|lead| {
                [" a ", " an ", " the ", " "].iter().any(|article| {
                    let pat = format!("{lead}{article}{form}");
                    s.find(&pat)
                        .is_some_and(|at| name_ends(&s[at + pat.len()..]))
                })
            })
    };
    if naming(first) || (next.starts_with("this ") && naming(next)) {
        return Some(1);
    }
    None
}

/// Whether a sentence opens with its condition ("If …", "When …"): it states a rule under
/// the condition, not a definition.
fn conditional(sentence: &str) -> bool {
    ["if ", "when ", "while ", "unless "]
        .iter()
        .any(|c| sentence.starts_with(c))
}

/// A state by its condition: "A unit is alone when there are no other friendly units …",
/// "Two Game Objects are enemies if …", "Combat is considered Staged if …", "Chain Items
/// are Pending until …", "That Unit is Buffed for as long as the buff remains on it". A
/// sentence that opens with its condition states a rule under it, not a definition: "If
/// … the Battlefield in question is uncontrolled when it becomes Contested, …"
fn by_condition(sentence: &str, form: &str) -> bool {
    !conditional(sentence)
        && [" is ", " are ", " is considered ", " are considered "]
            .iter()
            .any(|verb| {
                [
                    " when ",
                    " if ",
                    " as long as ",
                    " for as long as ",
                    " until ",
                ]
                .iter()
                .any(|cond| sentence.contains(&format!("{verb}{form}{cond}")))
            })
}

/// A sentence that opens with the term and says what it is: "X is a …", "Xs are …", "X:
/// …", "The term X is used to describe …", '"Exhausted" is a state …', "Discarding a card
/// is moving it …" (a gerund and its object).
fn opening(first: &str, form: &str, gerund: bool) -> Option<u8> {
    let body = first
        .strip_prefix("the ")
        .or_else(|| first.strip_prefix("a "))
        .or_else(|| first.strip_prefix("an "))
        .unwrap_or(first);
    // "The term facedown is used to describe …"; '"Exhausted" is a state …' (the term
    // quoted as the subject)
    let body = body.strip_prefix("term ").unwrap_or(body);
    let body = body.trim_start_matches(['"', '\u{201c}']);
    let rest = body.strip_prefix(form)?;
    let rest = rest.trim_start_matches(['"', '\u{201d}']);
    if rest.starts_with(':') {
        return Some(0);
    }
    // "Facedown Zones are not locations": what it is not does not define it; nor where it
    // is: "Permanents are either at their Origin … or their Destination …"
    let negated = rest.starts_with(" are not ")
        || rest.starts_with(" is not a")
        || rest.starts_with(" are either ")
        || rest.starts_with(" is either ");
    for verb in [
        " is a ",
        " is an ",
        " is the ",
        " is any ",
        " is one ",
        " is when ",
        " is comprised of ",
        " consists of ",
        " are ",
        " refers to ",
        " means ",
        " is functionally short for",
        " is used to describe ",
    ] {
        if rest.starts_with(verb) && !negated {
            return Some(0);
        }
    }
    // an action by its gerund and object: "Discarding a card is moving it from a player's
    // hand …", "Hiding a card is the act of …"
    if gerund && gerund_defined(rest) {
        return Some(0);
    }
    // "Unique is not functionally short for any rules text, and instead …"
    if rest.starts_with(" is not functionally short for") {
        return Some(1);
    }
    None
}

/// The rules of `book` that define `term`, best first (the term's own forms before derived
/// ones, then direct definitions before descriptions, then document order). Reads the
/// first sentences and titles tabled at build time, and decodes only the rules it names.
pub fn defining_rules<R: Rules + ?Sized>(book: &R, term: &str) -> Vec<RuleId> {
    let forms = forms(term);
    // the headings titled by the term (810 "Ganking"): a definition beneath one comes
    // before a passing one elsewhere (144.4.c "Ganking is a unique ability …")
    let titled: Vec<RuleId> = book
        .meta()
        .titles
        .iter()
        .filter(|(_, title)| titles(&forms, title))
        .map(|&(i, _)| book.rule(i as usize).id.clone())
        .collect();
    let beneath_titled = |id: &RuleId| titled.iter().any(|h| beneath(book, id, h));
    let mut found: Vec<(u8, u8, u8, usize)> = Vec::new();
    for &(i, pointer, head, quoted) in book.meta().heads {
        let i = i as usize;
        let best = forms
            .iter()
            .filter_map(|(f, rank)| {
                let gerund = *rank == 1 && f.split(' ').next().is_some_and(|w| w.ends_with("ing"));
                definition(head, quoted, f, gerund).map(|how| (*rank, how))
            })
            .min()
            // beneath the heading titled by the term, the term as the subject of "is" or
            // "are" says what it is (138.1 "Flavor text is text that appears …")
            .or_else(|| {
                forms
                    .iter()
                    .filter(|(f, _)| subject_is(head, f))
                    .map(|(_, rank)| (*rank, 1))
                    .min()
                    .filter(|_| beneath_titled(&book.rule(i).id))
            });
        if let Some((rank, how)) = best {
            let r = book.rule(i);
            let pointer = pointer && r.text.as_deref().is_some_and(|t| points_to_term(t, &forms));
            let outside = u8::from(!beneath_titled(&r.id));
            found.push((rank, outside, how * 2 + u8::from(pointer), i));
        }
    }
    found.sort();
    // a definition beneath another of the same term elaborates it: the one above comes
    // first (437.1 "Preventing damage is the act of reducing …" before 437.1.a "Prevent is
    // an action that interacts with Damage"). Not for a participle by its gerund: the
    // participle names the state, the gerund the action that produces it, another sense
    // (423.1.a "Stunned is a binary state" before 423.1 "Stunning is the act of …")
    let participle = term.trim().to_lowercase().ends_with("ed");
    let ids: Vec<RuleId> = found.iter().map(|f| book.rule(f.3).id.clone()).collect();
    let mut order: Vec<usize> = (0..found.len()).collect();
    let mut k = 0;
    while k < order.len() {
        let id = &ids[order[k]];
        let rank = found[order[k]].0;
        match (k + 1..order.len()).find(|&j| {
            id.is_within(&ids[order[j]])
                && *id != ids[order[j]]
                && (!participle || found[order[j]].0 <= rank)
        }) {
            Some(j) => {
                let above = order.remove(j);
                order.insert(k, above);
            }
            None => k += 1,
        }
    }
    let found: Vec<(u8, u8, u8, usize)> = order.into_iter().map(|k| found[k]).collect();
    // a passing definition deeper in the book than the heading titled by the term comes
    // after that heading: 108.7 "The Hand" before 484.8.e "Hands are Private
    // Information" (a 2v2 rule), while 328 "The Chain is a Non-Board Zone …" stays
    // before 108.1 "The Chain"; a heading titled by the term and a zone ("Champion
    // Zone") does not come before the term's definition (133.7.a "Champion is a
    // supertype …")
    let heading_first = titled.iter().find(|h| titled_exactly(book, h)).filter(|h| {
        !found.is_empty()
            && !found.iter().any(|&(rank, outside, _, i)| {
                outside == 0 || (rank == 0 && book.rule(i).id.depth() <= h.depth())
            })
    });
    let mut out: Vec<RuleId> = heading_first.into_iter().cloned().collect();
    for (_, _, _, i) in found.into_iter().take(3) {
        // a keyword's "X is a … keyword" is followed by what it does: "It is functionally
        // short for …" (e.g. 815.1.b), the definition of its function, named first
        if out.is_empty() {
            for &c in book.children(i).iter() {
                let r = book.rule(c as usize);
                if r.text
                    .as_deref()
                    .is_some_and(|t| t.to_lowercase().contains("is functionally short for"))
                    && !out.contains(&r.id)
                {
                    out.push(r.id.clone());
                }
            }
        }
        let id = book.rule(i).id.clone();
        if !out.contains(&id) {
            out.push(id);
        }
    }
    // no sentence names it, but its keyword section says what it does: "It is
    // functionally short for …" beneath the heading titled by it (826.3 Backline)
    if out.is_empty() {
        for &(i, _, head, _) in book.meta().heads {
            if head.contains("functionally short for") {
                let id = book.rule(i as usize).id.clone();
                if beneath_titled(&id) {
                    out.push(id);
                    break;
                }
            }
        }
    }
    // no sentence defines it: the heading titled by it ("The Trash", 108.2; "The Main
    // Deck Zone", 108.4, for "main deck")
    if out.is_empty()
        && let Some(h) = titled.first()
    {
        out.push(h.clone());
    }
    // nothing defines it and no heading is titled by it: the rules whose first sentence
    // has it as the subject ("The Main Phase has no defined structure", 316.2)
    if out.is_empty() {
        for &(i, _, head, _) in book.meta().heads {
            let body = head.strip_prefix("the ").unwrap_or(head);
            if forms.iter().any(|(f, rank)| {
                *rank == 0
                    && body
                        .strip_prefix(f.as_str())
                        .is_some_and(|rest| rest.starts_with(" is ") || rest.starts_with(" has "))
            }) {
                out.push(book.rule(i as usize).id.clone());
                if out.len() == 2 {
                    break;
                }
            }
        }
    }
    out
}

/// Whether rule `id` lies beneath heading `h`: numbered under it (810.1.b under 810), or,
/// for a section of the top index, among the numbers it owns (727.1 under 726 "Dependent
/// Keywords", 707 under 706 "Mighty").
fn beneath<R: Rules + ?Sized>(book: &R, id: &RuleId, h: &RuleId) -> bool {
    if id == h {
        return false;
    }
    if id.is_within(h) {
        return true;
    }
    let sections = book.sections();
    h.depth() == 1
        && crate::rulebook::import::model::owner_of(sections, id.top())
            .is_some_and(|k| sections[k].id == *h)
}

/// Whether a heading's title names the term: as written, without "the", or with "zone"
/// or "zones" after it ("The Main Deck Zone" or "Main Deck Zones", 108.4, for "main
/// deck").
fn titles(forms: &[(String, u8)], title: &str) -> bool {
    let t = normal_title(title);
    let zone = zone_of(&t);
    forms
        .iter()
        .any(|(f, rank)| *rank == 0 && (*f == t || zone.is_some_and(|z| z == f)))
}

/// What a title names a zone of: "main deck" for "main deck zone" or "main deck zones".
fn zone_of(title: &str) -> Option<&str> {
    title
        .strip_suffix(" zone")
        .or_else(|| title.strip_suffix(" zones"))
}

/// A title as compared: trimmed, lowercased, without a leading "the".
fn normal_title(title: &str) -> String {
    let t = title.trim().to_lowercase();
    t.strip_prefix("the ").map(str::to_string).unwrap_or(t)
}

/// Whether the heading `id` is titled by the term itself, not by the term and "zone" or
/// "zones".
fn titled_exactly<R: Rules + ?Sized>(book: &R, id: &RuleId) -> bool {
    book.get(id)
        .and_then(|r| book.title_of(&r))
        .is_some_and(|t| zone_of(&normal_title(&t)).is_none())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_of_a_term() {
        let f: Vec<String> = forms("exhausted").into_iter().map(|(s, _)| s).collect();
        assert!(f.contains(&"exhausting".to_string()), "{f:?}");
        let f: Vec<String> = forms("token").into_iter().map(|(s, _)| s).collect();
        assert!(f.contains(&"tokens".to_string()));
        let f: Vec<String> = forms("buff").into_iter().map(|(s, _)| s).collect();
        assert!(f.contains(&"buffing".to_string()), "{f:?}");
        let f: Vec<String> = forms("create").into_iter().map(|(s, _)| s).collect();
        assert!(f.contains(&"creating".to_string()), "{f:?}");
        let f: Vec<String> = forms("burn out").into_iter().map(|(s, _)| s).collect();
        assert!(f.contains(&"burning out".to_string()), "{f:?}");
        let f = forms("controller");
        assert!(f.contains(&("control".to_string(), 1)), "{f:?}");
        let f: Vec<String> = forms("free").into_iter().map(|(s, _)| s).collect();
        assert!(!f.contains(&"freing".to_string()), "{f:?}");
    }

    #[test]
    fn definitions_are_recognised() {
        assert_eq!(defines("Focus is the permission to act.", "focus"), Some(0));
        assert_eq!(defines("The Chain is a Non-Board Zone.", "chain"), Some(0));
        assert_eq!(
            defines("Hold: A player maintains control.", "hold"),
            Some(0)
        );
        assert_eq!(
            defines("A Unit \"is Mighty\" as long as its Might is 5.", "mighty"),
            Some(2)
        );
        assert_eq!(defines("A Showdown is marked as Staged.", "showdown"), None);
        assert_eq!(
            defines(
                "The turn is said to be in an Open State if no Chain exists.",
                "open state"
            ),
            Some(2)
        );
        assert_eq!(
            defines(
                "A sub-zone called a Facedown Zone, a single space",
                "facedown zone"
            ),
            Some(2)
        );
        assert_eq!(defines("Cards called the Chainsaw", "chain"), None);
        // a pointer to the rule titled by the term makes it a passing definition; a
        // pointer elsewhere is further reading
        assert_eq!(
            defines(
                "A Showdown is a Window. See rule 341. Showdowns for more information.",
                "showdown"
            ),
            Some(1)
        );
        assert_eq!(
            defines(
                "Activated Abilities are effects. See rule 349. Playing Cards for more information.",
                "activated abilities"
            ),
            Some(0)
        );
        // an action by its gerund and object
        assert_eq!(
            defines("Discarding a card is moving it to the trash.", "discarding"),
            Some(0)
        );
        assert_eq!(
            defines("Discarding, if able, is optional.", "discarding"),
            None
        );
        assert_eq!(
            defines(
                "Exhausting the Unit is the Cost for this action.",
                "exhausting"
            ),
            None
        );
        // a naming phrase names the whole name, and may be the second sentence
        assert_eq!(
            defines(
                "These abilities can be referred to as Play Effects.",
                "play"
            ),
            None
        );
        assert_eq!(
            defines(
                "Some cards have a section of text. This is referred to as the Effect Text.",
                "effect text"
            ),
            Some(2)
        );
        assert_eq!(defines("A Task is one or more steps.", "task"), Some(0));
        // a reminder in the next sentence, an action named as the predicate, a state by
        // its condition in the next sentence, a feature cards have
        assert_eq!(
            defines(
                "Damage is assigned in order. Reminder: Lethal Damage is non-zero damage.",
                "lethal damage"
            ),
            Some(2)
        );
        assert_eq!(
            defines("Damage being cleared from Units is Healing.", "healing"),
            Some(2)
        );
        assert_eq!(
            defines("If Damage is cleared it is Healing.", "healing"),
            None
        );
        assert_eq!(
            defines(
                "To Buff a Unit, place a buff on it. That Unit is Buffed for as long as the buff remains.",
                "buffed"
            ),
            Some(4)
        );
        assert_eq!(
            defines(
                "Some cards have a Might Bonus in their corner.",
                "might bonus"
            ),
            Some(2)
        );
        // the term as the subject of a verb (read beneath the heading titled by it)
        assert!(subject_is(
            "reminder text appears in italics",
            "reminder text"
        ));
        assert!(subject_is(
            "a combat occurs when a cleanup occurs",
            "combat"
        ));
        assert!(!subject_is("combat damage is dealt", "combat"));
        assert!(!subject_is("inactive abilities do not trigger", "inactive"));
        assert!(!subject_is("combat is considered staged if", "combat"));
        assert!(!subject_is(
            "the might bonus is applied while attached",
            "might bonus"
        ));
        assert_eq!(
            defines("Hold Effects are Triggered Abilities.", "hold"),
            None
        );
        assert_eq!(defines("Players may focus on it.", "focus"), None);
        assert_eq!(
            defines("\"Exhausted\" is a state for Game Objects.", "exhausted"),
            Some(0)
        );
        assert_eq!(
            defines(
                "The term facedown is used to describe the state.",
                "facedown"
            ),
            Some(0)
        );
        assert_eq!(
            defines("Two Game Objects are enemies if …", "enemies"),
            Some(2)
        );
        assert_eq!(
            defines(
                "Battlefields can be \u{201c}occupied.\u{201d} This means …",
                "occupied"
            ),
            Some(2)
        );
        // a rule under a condition, not a definition
        assert_eq!(
            defines(
                "If the Battlefield in question is uncontrolled when it becomes Contested, …",
                "uncontrolled"
            ),
            None
        );
        // where it is, not what it is
        assert_eq!(
            defines(
                "Permanents are either at their Origin or their Destination.",
                "permanents"
            ),
            None
        );
    }

    /// The core terms of issue 12 name their defining rule first, in the 2026-03-30 rules.
    #[test]
    fn core_terms_find_their_defining_rule() {
        let lib = crate::rulebook::Library::get();
        let book = lib.book(lib.resolve(None, None).unwrap());
        for (term, want) in [
            ("focus", "313.1"),
            ("contested", "187.3.a"),
            ("showdown", "342"),
            ("chain", "328"),
            ("hold", "464.2"),
            ("conquer", "464.1"),
            ("buff", "702"),
            ("token", "177"),
            // the state, as its quoted definition names it ('"Exhausted" is a state …'),
            // before the action that produces it (414.1 "Exhausting is an action …")
            ("exhausted", "414.2"),
            ("tank", "815.1.b"),
            ("deathknell", "808.1.c"),
            // states named by "is said to be in an Open State if …"
            ("open state", "331.2"),
            ("closed state", "331.1"),
            ("mighty", "707"),
            ("alone", "741.1"),
            // game actions
            ("draw", "413"),
            ("recycle", "416.1"),
            // every zone (107 the Board, 108 the Non-Board Zones): its definition, else
            // the heading titled by it, before a passing mention deeper in the book
            ("base", "107.1"),
            ("facedown zone", "107.3.a"),
            ("legend zone", "107.4"),
            ("trash", "108.2"),
            ("champion zone", "108.3"),
            ("main deck", "108.4"),
            ("banishment", "108.6"),
            ("hand", "108.7"),
            // every phase of the turn (314–317)
            ("start of turn", "315"),
            ("awaken phase", "315.1"),
            ("beginning phase", "315.2"),
            ("channel phase", "315.3"),
            ("draw phase", "315.4"),
            ("main phase", "316.2"),
            ("ending phase", "317"),
            // every state of the turn (307–310, 331, 343) and of a permanent
            ("showdown state", "343.1"),
            ("neutral state", "343.2"),
            ("ready", "415.2"),
            // states by their condition, and the states card text names in quotes
            ("staged", "456"),
            ("pending", "329.2"),
            ("friendly", "740.1"),
            ("enemy", "740.2"),
            ("occupied", "169.10.a"),
            ("uncontrolled", "169.10.b"),
            ("open", "169.10.c"),
            ("equipped", "818.3"),
            ("facedown", "129.4"),
            ("face up", "130.5"),
            ("stunned", "423.1.a"),
            ("champion", "133.7.a"),
            ("permanent", "133.4.a"),
            ("attached", "718"),
            // the combat designations (459.2.b)
            ("attacker", "459.2.b.1"),
            ("defender", "459.2.b.2"),
            ("owner", "127.1"),
            ("turn player", "304"),
        ] {
            let got = defining_rules(book, term);
            assert_eq!(
                got.first().map(|r| r.to_string()).as_deref(),
                Some(want),
                "{term}: {got:?}"
            );
        }
        // every keyword of 805–826: a rule of its own section that defines it or says
        // what it does comes first
        for n in 805..=826u32 {
            let head = RuleId::parse(&n.to_string()).unwrap();
            let name = book.title_of(book.get(&head).unwrap()).unwrap();
            let got = defining_rules(book, &name);
            let first = got.first().unwrap_or_else(|| panic!("{name}: nothing"));
            assert!(
                first.is_within(&head) && *first != head,
                "{name}: {got:?} (want a rule beneath {head})"
            );
            let text = book
                .get(first)
                .and_then(|r| r.text.clone())
                .unwrap_or_default();
            let t = text.to_lowercase();
            assert!(
                t.contains(&name.to_lowercase()) || t.contains("functionally short for"),
                "{name}: {first} says {text:?}"
            );
        }
        let mighty: Vec<String> = defining_rules(book, "mighty")
            .iter()
            .map(|r| r.to_string())
            .collect();
        assert!(mighty.contains(&"708".to_string()), "{mighty:?}");
    }
}
