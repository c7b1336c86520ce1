//! Playing cards (349–359), as far as the engine models it: a unit, gear or spell from the
//! hand, with timing permissions (Action 806, Reaction 813, the states of 308–310), energy
//! and power paid from the rune pool (357.1), a unit's location (355.2), permanents
//! resolving when finalized (337.1.c, 359.2) and spells lingering on the chain until they
//! resolve (359.3) and then going to the trash (351.2). Targets are chosen at step 2, when
//! the card or ability is put on the chain (355.5, 402.1; see `choices`).

use super::actions::{R, illegal};
use super::objects::{
    Ability, CardDef, CardType, Effect, KeywordKind, Location, PlayableBattlefield, Trigger,
};
use super::state::{BfId, ChainItem, Game, ObjId, Phase, PlayerId, Zone};
use super::trace::{Cite, EventKind};
use crate::cite;

impl Game {
    /// 349–358: `player` plays `card` from their hand (to `to` for a unit).
    pub(crate) fn play_card(
        &mut self,
        player: PlayerId,
        card: ObjId,
        to: Option<Location>,
        payment: Option<&super::resources::Payment>,
        limited: Option<&LimitedPlay>,
    ) -> R<()> {
        let is_spell = self.objects[card.0].def.card_type == CardType::Spell;
        // 419.1.a, 356.1.a: the card's own permission to be played from the trash
        let own = match limited {
            None => self.own_permission_from_trash(player, card),
            Some(_) => None,
        };
        let limited = limited.or(own.as_ref());
        // 419.3.a: a Limited Play happens as part of a resolution, whoever has priority
        let resolving = limited.is_some_and(|l| l.resolving);
        // 316.2.b.1, 484.8.a: the turn player may invite a teammate to play a spell with
        // their priority; its timing is then the turn player's
        let timing = if resolving {
            player
        } else {
            self.invited(player, is_spell, "play a spell")?
        };
        let o = &self.objects[card.0];
        // 811.1.b: a card hidden on an earlier turn may be played from facedown, ignoring its
        // base cost, with Reaction (811.6), at its battlefield (811.1.d.1)
        let from_hidden = match o.zone {
            Zone::Facedown(b) if self.controller(card) == player => {
                if o.hidden_on_turn.is_some_and(|t| t >= self.turn.number) {
                    return illegal(
                        cite!("811.1.b"),
                        format!(
                            "{} was hidden this turn; it can be played from the next turn on",
                            o.def.name
                        ),
                    );
                }
                Some(b)
            }
            _ => None,
        };
        if o.zone != Zone::Hand(player)
            && from_hidden.is_none()
            && limited.is_none_or(|l| l.from != o.zone)
        {
            return illegal(
                cite!("419.1"),
                format!(
                    "{} is not in {}'s hand",
                    o.def.name,
                    self.player_name(player)
                ),
            );
        }
        // 054.1: "can't play spells this turn" forbids what any permission would allow
        if let Some(of) = self.players[player.0]
            .cant_play_this_turn
            .iter()
            .find(|of| of.is_none_or(|t| t == o.def.card_type))
        {
            return illegal(
                cite!("054.1"),
                format!(
                    "{} can't play {} this turn: {} cannot be played",
                    self.player_name(player),
                    super::actions::cards_of(*of),
                    o.def.name
                ),
            );
        }
        // 054.1: "I can't be played on your first, second or third turns"
        if let Some(c) = o.def.abilities.iter().find_map(|a| match a {
            Ability::CantBePlayed(c)
                if self.side_condition(c, Some(card), player, |x| self.controller(x))
                    == Some(true) =>
            {
                Some(c)
            }
            _ => None,
        }) {
            return illegal(
                cite!("054.1"),
                format!("{} can't be played while {}", o.def.name, c.describe()),
            );
        }
        let def = o.def.clone();
        let kws: Vec<KeywordKind> = def.keywords().map(|k| k.kind()).collect();
        // 819.1.b: a card with Quick-Draw has Reaction inherently
        // 822.1.b: Ambush gives Reaction while the unit is being played to a battlefield where
        // its controller controls units
        let ambush = kws.iter().any(super::keywords::ambush::is_ambush)
            && from_hidden.is_none()
            && self.ambush_location(player, to);
        let reaction =
            super::keywords::reaction::card_has_reaction(&kws, from_hidden.is_some(), ambush);
        let action = super::keywords::action::card_has_action(&kws, reaction);
        let st = self.turn_state();
        // 806.4, 813.4: Action or Reaction granted under a condition about the play (what it
        // targets): it may be played at that timing if the condition could be fulfilled, and
        // is checked at step 5 (806.4.b, 813.4.b; keywords/action.rs)
        let conditional = |k: KeywordKind| super::keywords::action::conditional_grant(&def, k);
        let own_main_open = !st.showdown
            && !st.closed
            && timing == self.turn.player
            && self.turn.phase == Phase::Main;
        let mut pending_condition: Option<(super::objects::Condition, Cite)> = None;
        let (reaction, action) = if !reaction && !own_main_open {
            if let Some(c) = conditional(KeywordKind::Reaction) {
                pending_condition = Some((c, cite!("813.4.b")));
                (true, true)
            } else if st.showdown && !st.closed && !action {
                match conditional(KeywordKind::Action) {
                    Some(c) => {
                        pending_condition = Some((c, cite!("806.4.b")));
                        (reaction, true)
                    }
                    None => (reaction, action),
                }
            } else {
                (reaction, action)
            }
        } else {
            (reaction, action)
        };
        // the keyword whose permission makes this play legal, cited on the play
        // (keywords/reaction.rs)
        let own_main = timing == self.turn.player && self.turn.phase == Phase::Main;
        let permission = super::keywords::reaction::permission_rules(
            st.closed,
            st.showdown,
            own_main,
            &kws,
            from_hidden.is_some(),
            ambush,
        );
        // 358.3: timing permissions (419.3.a: a Limited Play is timed by its resolution)
        if st.closed && !reaction && !resolving {
            return illegal(
                cite!("338.1.a.1"),
                format!("{} has no Reaction and the state is closed", def.name),
            );
        }
        if st.showdown && !action && !resolving {
            return illegal(
                cite!("308.1.a"),
                format!(
                    "{} has neither Action nor Reaction and a showdown is in progress",
                    def.name
                ),
            );
        }
        if !st.showdown
            && !st.closed
            && !reaction
            && !resolving
            && (timing != self.turn.player || self.turn.phase != Phase::Main)
        {
            return illegal(
                cite!("310.1.a"),
                format!(
                    "{} can be played only in its controller's main phase in a neutral open state",
                    def.name
                ),
            );
        }
        // 355.2: a unit's location: its controller's base or a battlefield they control;
        // 811.1.d.1: a hidden permanent (gear too) is played to its battlefield
        let to = match from_hidden {
            Some(b) => Some(Location::Battlefield(b)),
            None => to,
        };
        let mut location_rules = Vec::new();
        let destination = match def.card_type {
            CardType::Gear if from_hidden.is_some() => from_hidden.map(Zone::Battlefield),
            CardType::Unit | CardType::Token => Some(match to.unwrap_or(Location::Base) {
                Location::Base => Zone::Base(player),
                Location::Here | Location::Chosen | Location::ToOrFromBase | Location::Place(_) => {
                    return illegal(
                        cite!("355.2.a"),
                        format!(
                            "{} is played to a base or a battlefield, not \"here\" or a place to be chosen",
                            def.name
                        ),
                    );
                }
                Location::Battlefield(b) => {
                    // 822.1.b: with Ambush, also a battlefield where its controller has units;
                    // 355.2.b: a card's own permission ("an open battlefield")
                    let own = self.battlefields[b.0].controller == Some(player);
                    if !own && limited.is_some_and(|l| l.permitted) {
                        // 355.2.b: the instruction playing it permits this battlefield
                        location_rules.push(cite!("355.2.b"));
                    } else if !own && !ambush {
                        if let Some(r) = self.play_to_permission(&def, player, b) {
                            location_rules.extend(r);
                        } else {
                            return illegal(
                                cite!("355.2.a"),
                                format!(
                                    "{} can be played only to {}'s base or a battlefield they control",
                                    def.name,
                                    self.player_name(player)
                                ),
                            );
                        }
                    }
                    Zone::Battlefield(b)
                }
            }),
            // 149.2: gear can only be played to its player's base (unless an effect says
            // otherwise; a hidden gear goes to its battlefield, above)
            CardType::Gear if matches!(to, Some(Location::Battlefield(_))) => {
                return illegal(
                    cite!("149.2"),
                    format!(
                        "{} is gear: it can only be played to {}'s base",
                        def.name,
                        self.player_name(player)
                    ),
                );
            }
            // 359.2.d: gear enters at the player's base
            CardType::Gear => Some(Zone::Base(player)),
            CardType::Spell => None,
            other => {
                return Err(super::actions::Halt::Err(
                    super::actions::EngineError::Unsupported(format!("playing a {other:?} card")),
                ));
            }
        };
        // 054.1: a battlefield's "Units can't be played here" supersedes every permission
        if let Some(Zone::Battlefield(b)) = destination
            && matches!(def.card_type, CardType::Unit | CardType::Token)
            && self.no_units_played_at(b)
        {
            return illegal(
                cite!("054.1"),
                format!(
                    "{} can't be played to {}: units can't be played there",
                    def.name,
                    self.bf_name(b)
                ),
            );
        }
        // 354: step 1, the card is put on the chain as a pending item (below, once the
        // steps that can still make the play illegal are done); the trace says so first
        let t = format!(
            "{} plays {}{}{}",
            self.player_name(player),
            def.name,
            destination
                .map(|z| format!(" to {}", self.zone_name(z)))
                .unwrap_or_default(),
            match (from_hidden, limited) {
                (Some(_), _) => " from facedown, ignoring its base cost".to_string(),
                (None, Some(l)) => format!(
                    " from {}{}{}",
                    match l.from {
                        Zone::Trash(p) => format!("{}'s trash", self.player_name(p)),
                        Zone::Banishment(p) => format!("{}'s Banishment", self.player_name(p)),
                        z => self.zone_name(z),
                    },
                    l.base.describe(),
                    if l.resolving {
                        ", as an instruction resolves"
                    } else {
                        ""
                    }
                ),
                (None, None) => String::new(),
            }
        );
        self.event(
            EventKind::Action,
            {
                let mut r = vec![cite!("419.1"), cite!("354")];
                match limited {
                    // 419.3: a play as part of a resolution; its timing is not a permission;
                    // 427.3: from Banishment, a card the same object banished
                    Some(l) if l.resolving => {
                        r.extend([cite!("419.3"), cite!("419.3.a")]);
                        if matches!(l.from, Zone::Banishment(_)) {
                            r.push(cite!("427.3"));
                        }
                    }
                    // 419.1.a: the card's own permission to be played from elsewhere
                    Some(_) => {
                        r.push(cite!("419.1.a"));
                        r.extend(permission);
                    }
                    None => r.extend(permission),
                }
                r.extend(limited.and_then(|l| l.base.rule()));
                r.extend(location_rules);
                r
            },
            t,
            vec![card.0],
        );
        // 355.5: the objects the spell specifically chooses are chosen now, by its controller;
        // without a valid choice for every target it cannot be put on the chain (355.8)
        let mut effects: Vec<_> = def
            .abilities
            .iter()
            .filter_map(|a| match a {
                Ability::Spell(e) => Some(e.clone()),
                _ => None,
            })
            .flatten()
            .collect();
        // 820, 356.2.b.1: each Repeat cost the player will pay is declared now (step 2); each
        // adds one more execution of the instructions, whose choices are made now too
        // (820.2, 820.2.a)
        let once = effects.clone();
        let repeat_cost = self.declare_repeats(player, card, &def, &once, &mut effects)?;
        // 811.1.d.2: "here" for a card played from hidden is its battlefield
        let snapshot = from_hidden.map(|b| super::state::Snapshot {
            location: Zone::Battlefield(b),
            might: 0,
            controller: player,
            keywords: Vec::new(),
            designation: None,
        });
        self.restrict_choices = from_hidden.map(Zone::Battlefield);
        let chosen = self.choose_targets(
            &mut effects,
            player,
            Some(card),
            snapshot.as_ref(),
            &def.name,
            &[cite!("355.5")],
        );
        self.restrict_choices = None;
        if let Some(missing) = chosen? {
            if from_hidden.is_some() {
                return illegal(
                    cite!("811.1.d.2"),
                    format!(
                        "{} cannot be played from hidden: it must choose {} at its battlefield and there is none",
                        def.name, missing
                    ),
                );
            }
            return illegal(
                cite!("355.8"),
                format!(
                    "{} cannot be played: it must choose {} and there is none",
                    def.name, missing
                ),
            );
        }
        // 356.2.b.1, 805.2: an optional additional cost is chosen now, at step 2 — Accelerate
        // (805.1.a): [1] and 1 power of the unit's domain ([A] with none or several,
        // 805.1.a.1–2); the unit enters ready
        let accelerate = super::keywords::accelerate::accelerate_cost(&def);
        let enters_ready =
            kws.contains(&KeywordKind::Accelerate) && self.declare_accelerate(player, &def)?;
        // 356.2: additional costs of the card's passive abilities — an optional one declared
        // now, in step 2, if its controller will pay it (356.2.b.1); a mandatory one always
        // (356.2.a.1). Energy and power join the total; XP and discards are paid in 357.2.
        let targeted: Vec<ObjId> = effects
            .iter_mut()
            .flat_map(super::choices::targets_mut)
            .flat_map(|t| match t {
                super::objects::Target::Chosen { object, .. } => vec![*object],
                t => t.chosen_now(),
            })
            .collect();
        let mut extra = self.additional_costs(player, card, &def, &targeted)?;
        // 356.2.b.1, 356.4.f.1: the optional cost was "paid" once the player chose to pay it —
        // what "if you do" / "if you paid the additional cost" in the card's own cost reads
        if extra.optional_paid {
            self.objects[card.0].additional_paid = true;
        }
        // 356.1.b.1: "If you do, ignore this spell's cost": its base costs are set to zero
        let ignored = def.abilities.iter().any(|a| {
            matches!(a, Ability::IgnoreCost(c) if self.ability_condition_holds(c, Some(card), player))
        });
        // 356: the total cost — the base cost (ignored for a card played from facedown,
        // 811.1.d.1 / 356.1.b.1), then additional costs (356.2); never below 0 (356.5)
        let (mut energy, mut power) = if from_hidden.is_some() || ignored {
            (0, super::resources::Power::default())
        } else {
            (
                def.energy_cost.unwrap_or(0),
                def.power_cost
                    .clone()
                    .unwrap_or_default()
                    .resolve(&def.domains),
            )
        };
        // 356.1.b: an instruction that plays it "ignoring its (Energy) cost"
        if let Some(l) = limited {
            (energy, power) = l.base.apply(energy, power, &def.domains);
        }
        if enters_ready {
            energy = energy.saturating_add(accelerate.0);
            power.add(&accelerate.1);
        }
        energy = energy.saturating_add(extra.energy);
        power.add(&extra.power);
        let repeated = effects.len() > once.len();
        if repeated {
            energy = energy.saturating_add(repeat_cost.0);
            power.add(&repeat_cost.1);
            // 357.2: a Repeat cost's discards are paid with the other non-standard costs
            extra.discard = extra.discard.saturating_add(repeat_cost.2);
        }
        // 356.2.a.2: Deflect, a mandatory additional cost for each opponent's permanent chosen
        // — unless the spell says to ignore it (002: card text supersedes 809.1.c)
        let deflect = if def.abilities.contains(&Ability::IgnoreDeflect) {
            let t = format!("{} ignores [Deflect] while its cost is paid", def.name);
            self.event(
                EventKind::Action,
                vec![cite!("002"), cite!("809.1.c")],
                t,
                vec![],
            );
            super::resources::Power::default()
        } else {
            self.deflect_cost(&mut effects, player, &def.name)
        };
        power.add(&deflect);
        // 356.3, 356.4: increases, then discounts (never below 0, 356.5); the instruction's
        // own discount ("reducing its cost by [N]", 356.4.b) after the others (356.4.d.1)
        energy = self.modify_cost(player, card, energy)?;
        let reduced = limited.map_or(0, |l| l.reduce).max(0);
        if reduced > 0 {
            energy = energy.saturating_sub(reduced).max(0);
        }
        let base_changed = limited.filter(|l| l.base != BaseCost::Normal);
        if energy > 0
            || !power.is_zero()
            || from_hidden.is_some()
            || ignored
            || base_changed.is_some()
            || reduced > 0
        {
            let t = format!(
                "total cost of {}: {}{}{}{}",
                def.name,
                super::resources::describe_amount(energy, &power),
                if reduced > 0 {
                    format!(" (reduced by {reduced} by the instruction playing it)")
                } else {
                    String::new()
                },
                match (from_hidden, base_changed) {
                    (Some(_), _) => " (played from hidden, its base cost is ignored)".to_string(),
                    _ if ignored => " (its base cost is ignored by its own ability)".to_string(),
                    (None, Some(l)) => format!(" (its base cost: played{})", l.base.describe()),
                    (None, None) => String::new(),
                },
                if enters_ready {
                    " (with Accelerate)"
                } else if repeated {
                    " (with Repeat)"
                } else if extra.any() {
                    " (with its additional cost)"
                } else {
                    ""
                }
            );
            let mut rules = vec![cite!("356.1")];
            if extra.any() {
                rules.push(cite!("356.2"));
            }
            if repeated {
                rules.extend([cite!("356.2.b.1"), cite!("820.1.c.1")]);
            }
            if !deflect.is_zero() {
                rules.push(cite!("356.2.a.2"));
            }
            if from_hidden.is_some() {
                rules.extend([cite!("356.1.b.1"), cite!("811.1.b")]);
            } else if ignored {
                rules.push(cite!("356.1.b.1"));
            }
            rules.extend(base_changed.and_then(|l| l.base.rule()));
            if reduced > 0 {
                rules.push(cite!("356.4.b"));
            }
            if enters_ready {
                rules.push(cite!("356.2.b.1"));
            }
            self.event(EventKind::Action, rules, t, vec![card.0]);
        }
        // 357.1: pay it, the runes adding what the pool lacks (357.1.a)
        self.pay(
            player,
            energy,
            &power,
            &def.name,
            cite!("357.1"),
            payment,
            super::resources::Paying::Play(def.card_type),
        )?;
        // 357.2: the non-standard costs summed in step 3
        self.pay_additional(player, card, &extra)?;
        // 358, step 5: a conditional Action or Reaction that allowed this timing must now be
        // fulfilled; otherwise the play is undone and the card returns where it was
        // (806.4.b, 813.4.b)
        if let Some((c, rule)) = pending_condition {
            self.check_conditional_permission(player, card, &def.name, &effects, c, rule)?;
        }
        // 429.2, 429.2.a: a spell that adds resources finalizes and resolves at once, without
        // passing priority or focus: it never waits on the chain
        if def.card_type == CardType::Spell
            && !effects.is_empty()
            && effects.iter().all(|e| matches!(e, Effect::Add { .. }))
        {
            let t = format!(
                "{} adds resources: it finalizes and resolves at once",
                def.name
            );
            self.event(
                EventKind::Action,
                vec![cite!("429.2"), cite!("429.2.a")],
                t,
                vec![card.0],
            );
            self.objects[card.0].zone = Zone::Chain;
            self.players[player.0].played_this_turn.push(card);
            self.resolving = true;
            let mut r = Ok(());
            for e in &effects {
                r = self.execute_effect(e, player, Some(card), None);
                if r.is_err() {
                    break;
                }
            }
            self.resolving = false;
            r?;
            let owner = self.objects[card.0].owner;
            self.objects[card.0].zone = Zone::Trash(owner);
            let t = format!(
                "{} is put into {}'s trash",
                def.name,
                self.player_name(owner)
            );
            self.event(EventKind::Zone, vec![cite!("351.2")], t, vec![card.0]);
            self.make_outstanding(cite!("319.5"));
            return Ok(());
        }
        // 354: the card goes onto the chain as a pending item; the state closes
        self.objects[card.0].zone = Zone::Chain;
        if self.chain.is_empty() {
            self.chain_by_trigger = false;
            self.combat_chain = false;
        }
        let id = self.fresh_id();
        self.chain.push(ChainItem {
            id,
            controller: player,
            source: Some(card),
            label: def.name.clone(),
            effects,
            pending: true,
            triggered: false,
            snapshot,
            card: Some(card),
            destination,
            enters_ready,
            restrict_choices: None,
        });
        self.chain_passes = 0;
        self.depth = 1;
        self.make_outstanding(cite!("319.3"));
        Ok(())
    }

    /// 356.3–356.5: the energy cost of `card` as `player` plays it, after the increases and
    /// then the discounts of the permanents they control (each traced); a discount's minimum
    /// applies only to it (356.4.e), and when the order of discounts changes the total the
    /// player chooses it (356.4.d.1); never below 0 (356.5).
    fn modify_cost(&mut self, player: PlayerId, card: ObjId, energy: i32) -> R<i32> {
        let kind = self.objects[card.0].def.card_type;
        let card_tags = self.objects[card.0].def.tags.clone();
        let card_tags = &card_tags;
        let g: &Game = self;
        let mut mods: Vec<(ObjId, i32, Option<i32>, Option<Cite>)> = g
            .objects
            .iter()
            .filter(|o| o.zone.on_board() && !g.rules_text_inactive(o.id))
            .flat_map(|o| {
                let ctl = g.controller(o.id);
                o.def.abilities.iter().filter_map(move |a| match a {
                    Ability::CostModifier {
                        of,
                        tag,
                        energy,
                        min_energy,
                        opponents,
                        own: false,
                        per,
                        condition,
                    } if of.is_none_or(|t| t == kind)
                        && tag.as_ref().is_none_or(|t| {
                            card_tags.iter().any(|x| x.eq_ignore_ascii_case(t))
                        })
                        && if *opponents {
                            g.opponents(ctl, player)
                        } else {
                            ctl == player
                        }
                        && g.ability_condition_holds(condition, Some(o.id), ctl) =>
                    {
                        let n = per.as_ref().map_or(1, |c| g.count(c, ctl, o.id));
                        Some((
                            o.id,
                            energy.saturating_mul(n),
                            *min_energy,
                            condition.dependent_rule(),
                        ))
                    }
                    _ => None,
                })
            })
            .collect();
        // 356.4: the card's own "I cost [N] less [for each …] [if …]"
        let own: Vec<Ability> = self.objects[card.0].def.abilities.clone();
        for a in &own {
            if let Ability::CostModifier {
                energy,
                min_energy,
                own: true,
                per,
                condition,
                ..
            } = a
                && self.ability_condition_holds(condition, Some(card), player)
            {
                let n = per.as_ref().map_or(1, |c| self.count(c, player, card));
                if let Some(c) = per {
                    let t = format!(
                        "{} costs {} energy {} for each {}: {n}",
                        self.obj_name(card),
                        energy.abs(),
                        if *energy < 0 { "less" } else { "more" },
                        c.describe()
                    );
                    let rule = if *energy < 0 {
                        cite!("356.4")
                    } else {
                        cite!("356.3")
                    };
                    let rules = std::iter::once(rule)
                        .chain(condition.dependent_rule())
                        .collect();
                    self.event(EventKind::Action, rules, t, vec![card.0]);
                }
                if n > 0 {
                    mods.push((
                        card,
                        energy.saturating_mul(n),
                        *min_energy,
                        condition.dependent_rule(),
                    ));
                }
            }
        }
        // "the next spell you play this turn costs [5] less", "your units cost [1] more to
        // play this turn": the player's changes of this turn, each named by its source; a
        // "next" one is used up by this card
        let changes = std::mem::take(&mut self.players[player.0].cost_changes_this_turn);
        let mut kept = Vec::with_capacity(changes.len());
        let mut turn: Vec<(String, i32)> = Vec::new();
        for c in changes {
            if c.of.is_none_or(|t| t == kind) {
                let label = if c.next {
                    format!("{} (the next {} this turn)", c.source, kind_word(kind))
                } else {
                    format!("{} (this turn)", c.source)
                };
                turn.push((label, c.energy));
                if c.next {
                    continue;
                }
            }
            kept.push(c);
        }
        self.players[player.0].cost_changes_this_turn = kept;
        let mut e = energy;
        let what = self.objects[card.0].def.name.clone();
        for (src, n, _, dependent) in mods.iter().filter(|m| m.1 > 0) {
            e = e.saturating_add(*n);
            let t = format!(
                "{}: {what} costs {n} energy more (now {e})",
                self.obj_name(*src)
            );
            let rules = std::iter::once(cite!("356.3")).chain(*dependent).collect();
            self.event(EventKind::Action, rules, t, vec![src.0]);
        }
        for (label, n) in turn.iter().filter(|m| m.1 > 0) {
            e = e.saturating_add(*n);
            let t = format!("{label}: {what} costs {n} energy more (now {e})");
            self.event(EventKind::Action, vec![cite!("356.3")], t, vec![card.0]);
        }
        // each discount and its source: an object, or a change of this turn (`turn[i]`)
        #[derive(Clone, Copy, PartialEq)]
        enum Src {
            Obj(ObjId),
            Turn(usize),
        }
        let discounts: Vec<(Src, i32, Option<i32>, Option<Cite>)> = mods
            .iter()
            .filter(|m| m.1 < 0)
            .map(|&(s, n, min, dependent)| (Src::Obj(s), n, min, dependent))
            .chain(
                turn.iter()
                    .enumerate()
                    .filter(|(_, m)| m.1 < 0)
                    .map(|(i, m)| (Src::Turn(i), m.1, None, None)),
            )
            .collect();
        let label = |g: &Game, s: Src| -> String {
            match s {
                Src::Obj(o) => g.obj_name(o).to_string(),
                Src::Turn(i) => turn.get(i).map_or_else(String::new, |t| t.0.clone()),
            }
        };
        let apply = |e: i32, (_, n, min, _): (Src, i32, Option<i32>, Option<Cite>)| -> i32 {
            let floor = min.map_or(0, |m| m.min(e)).max(0);
            (e + n).max(floor)
        };
        let order: Vec<usize> = if discounts.len() > 1 {
            let (perms, _) = super::chain::permutations(discounts.len(), 24);
            let totals: Vec<i32> = perms
                .iter()
                .map(|p| p.iter().fold(e, |acc, &i| apply(acc, discounts[i])))
                .collect();
            if totals.iter().all(|t| *t == totals[0]) {
                (0..discounts.len()).collect()
            } else {
                let d = super::decision::Decision {
                    kind: super::decision::DecisionKind::DiscountOrder,
                    player,
                    prompt: format!(
                        "{} orders the discounts on {what} (the order changes the cost)",
                        self.player_name(player)
                    ),
                    options: perms
                        .iter()
                        .zip(&totals)
                        .map(|(p, t)| super::decision::DecisionOption {
                            label: format!(
                                "{} (cost {t})",
                                p.iter()
                                    .map(|&i| label(self, discounts[i].0))
                                    .collect::<Vec<_>>()
                                    .join(", then ")
                            ),
                            answer: super::decision::Answer::Order(p.clone()),
                        })
                        .collect(),
                    more: 0,
                    items: vec![],
                    rules: vec![cite!("356.4.d.1"), cite!("356.4.e")],
                };
                let i = self.decide(d)?;
                perms[i].clone()
            }
        } else {
            (0..discounts.len()).collect()
        };
        for i in order {
            let (src, n, min, dependent) = discounts[i];
            let before = e;
            e = apply(e, discounts[i]);
            let min_text = min
                .map(|m| format!(", to a minimum of {m}"))
                .unwrap_or_default();
            let t = if src == Src::Obj(card) {
                format!(
                    "{} costs {} energy less by its own ability{min_text} (now {e})",
                    self.obj_name(card),
                    -n
                )
            } else {
                format!(
                    "{}: {what} costs {} energy less{min_text} (now {e})",
                    label(self, src),
                    -n
                )
            };
            let mut rules = vec![cite!("356.4")];
            rules.extend(dependent);
            if min.is_some() {
                rules.push(cite!("356.4.e"));
            }
            if before + n < 0 && min.is_none() {
                rules.push(cite!("356.5"));
            }
            self.event(
                EventKind::Action,
                rules,
                t,
                vec![match src {
                    Src::Obj(o) => o.0,
                    Src::Turn(_) => card.0,
                }],
            );
        }
        Ok(e)
    }

    /// 377, 381, 398–403: `player` activates an activated ability of `source`: it needs
    /// priority (312.1.a); by default only on its controller's turn in an open state (381),
    /// with Action also during showdowns (806.1.c.2), with Reaction also in a closed state;
    /// the cost is paid (403, 357.1) and the ability goes on the chain as a pending item (401.1).
    pub(crate) fn activate(
        &mut self,
        player: PlayerId,
        source: ObjId,
        index: usize,
        payment: Option<&super::resources::Payment>,
    ) -> R<()> {
        // 316.2.b.1, 484.8.a: the turn player may invite a teammate to activate an ability
        // (not a rune's: its own priority is the teammate's to use)
        let is_rune = self.objects[source.0].def.card_type == CardType::Rune;
        let timing = self.invited(player, !is_rune, "activate an ability")?;
        let o = &self.objects[source.0];
        // 163.2: a basic rune's two [Reaction] abilities add to the pool; an [Add] ability
        // resolves as it is finalized, without becoming a chain item (400.2, 429.2)
        if o.def.card_type == CardType::Rune {
            let label = match index {
                0 => "[E]: Add [1]",
                1 => "Recycle this: Add [C]",
                _ => {
                    return Err(super::actions::Halt::Err(
                        super::actions::EngineError::Unsupported(format!(
                            "{} has two activated abilities (163.2), not {}",
                            o.def.name,
                            index + 1
                        )),
                    ));
                }
            };
            let t = format!(
                "{} activates {}'s ability \"{label}\"; it resolves at once",
                self.player_name(player),
                o.def.name
            );
            self.event(
                EventKind::Action,
                vec![cite!("400.2"), cite!("429.2")],
                t,
                vec![source.0],
            );
            return if index == 0 {
                self.exhaust_rune(player, source)
            } else {
                self.recycle_rune(player, source)
            };
        }
        // 173.8: a legend's activated abilities are used from its Legend Zone
        if !o.zone.abilities_function() || self.controller(source) != player {
            return illegal(
                cite!("380"),
                format!(
                    "{} is not on the board under {}'s control",
                    o.def.name,
                    self.player_name(player)
                ),
            );
        }
        if self.rules_text_inactive(source) {
            return illegal(
                cite!("721.2"),
                format!(
                    "{} is attached, so its rules text is inactive (718.2) and its abilities cannot be activated",
                    o.def.name
                ),
            );
        }
        let def = o.def.clone();
        let Some((
            exhaust,
            kill_self,
            spend_buff,
            recycle,
            xp,
            discard,
            energy,
            power,
            action,
            reaction,
            effects,
            only_while,
        )) = def
            .abilities
            .iter()
            .filter_map(|a| match a {
                Ability::Activated {
                    exhaust,
                    kill_self,
                    spend_buff,
                    recycle,
                    xp,
                    discard,
                    energy,
                    power,
                    action,
                    reaction,
                    effects,
                    only_while,
                } => Some((
                    *exhaust,
                    *kill_self,
                    *spend_buff,
                    *recycle,
                    *xp,
                    *discard,
                    *energy,
                    power.clone(),
                    *action,
                    *reaction,
                    effects.clone(),
                    only_while.clone(),
                )),
                _ => None,
            })
            .nth(index)
        else {
            return Err(super::actions::Halt::Err(
                super::actions::EngineError::Unsupported(format!(
                    "{} has no activated ability number {}",
                    def.name,
                    index + 1
                )),
            ));
        };
        let st = self.turn_state();
        if st.closed && !reaction {
            return illegal(
                cite!("381"),
                "this ability has no Reaction and the state is closed",
            );
        }
        if st.showdown && !(action || reaction) {
            return illegal(
                cite!("343.1.b"),
                "this ability has neither Action nor Reaction and a showdown is in progress",
            );
        }
        if timing != self.turn.player && !(action || reaction) {
            return illegal(
                cite!("381"),
                "this ability can be activated only on its controller's turn",
            );
        }
        // 377.2.b: "Use this ability only while …"
        if !self.ability_condition_holds(&only_while, Some(source), player) {
            return illegal(
                cite!("377.2.b"),
                format!(
                    "{}'s ability can be used only while {}",
                    def.name,
                    only_while.describe()
                ),
            );
        }
        if exhaust && self.objects[source.0].exhausted {
            return illegal(
                cite!("403.1.a"),
                format!("{} is exhausted and cannot pay the cost", def.name),
            );
        }
        // 702.2.b.1: "Spend my buff" needs a buff on the source
        if spend_buff && self.objects[source.0].buffs <= 0 {
            return illegal(
                cite!("702.2.b.1"),
                format!(
                    "{} has no buff to spend, so it cannot pay the cost",
                    def.name
                ),
            );
        }
        // 422: "Discard 1" in the cost needs that many cards in hand
        let in_hand = self.objects_in(Zone::Hand(player)).len();
        if usize::try_from(discard).unwrap_or(usize::MAX) > in_hand {
            return illegal(
                cite!("403.1.a"),
                format!(
                    "{} has {in_hand} card(s) in hand and cannot discard {discard} to pay the cost",
                    self.player_name(player)
                ),
            );
        }
        // 416.3: recycling in the cost must be possible for it to be paid
        let label = format!("{}'s ability", def.name);
        self.check_recycle_cost(player, recycle.0, recycle.1, &label)?;
        let has_xp = self.players[player.0].xp;
        if xp > has_xp {
            return illegal(
                cite!("403.1.a"),
                format!(
                    "{} cannot pay the cost: it spends {xp} XP and {} has {has_xp}",
                    def.name,
                    self.player_name(player)
                ),
            );
        }
        let t = format!(
            "{} activates an ability of {}",
            self.player_name(player),
            def.name
        );
        self.event(
            EventKind::Action,
            vec![cite!("377.3.a"), cite!("401.1")],
            t,
            vec![source.0],
        );
        self.depth = 1;
        // 402.1: the ability's choices are made now; 402.2: without legal options it cannot
        // be activated (and nothing is paid)
        let mut effects = effects;
        if let Some(missing) = self.choose_targets(
            &mut effects,
            player,
            Some(source),
            None,
            &label,
            &[cite!("402.1")],
        )? {
            return illegal(
                cite!("402.2"),
                format!("{label} cannot be activated: it must choose {missing} and there is none"),
            );
        }
        // 403.1.a, 404.1: the cost before the ":" is paid, the runes adding what the pool
        // lacks (357.1.a)
        let mut power = power.resolve(&def.domains);
        // 356.2.a.2, 809.1.c: Deflect adds to the cost for each opponent's permanent chosen
        power.add(&self.deflect_cost(&mut effects, player, &label));
        let paying = super::resources::Paying::Ability(self.objects[source.0].def.card_type);
        self.pay(
            player,
            energy,
            &power,
            &label,
            cite!("404.1"),
            payment,
            paying,
        )?;
        if exhaust {
            self.objects[source.0].exhausted = true;
            let t = format!("{} is exhausted to pay the cost", def.name);
            self.event(
                EventKind::Effect,
                vec![cite!("403.1.a"), cite!("414.1")],
                t,
                vec![source.0],
            );
        }
        // 730.2: "Spend N XP" in the cost reduces the controller's XP
        if xp > 0 {
            self.players[player.0].xp -= xp;
            let t = format!(
                "{} spends {xp} XP to pay the cost (now {})",
                self.player_name(player),
                self.players[player.0].xp
            );
            self.event(
                EventKind::Effect,
                vec![cite!("403.1.a"), cite!("730.2")],
                t,
                vec![source.0],
            );
            self.recheck_levels(player, self.players[player.0].xp + xp);
        }
        // 416.3, 416.6: "Recycle N from your trash" in the cost — cards of the player's choice
        self.recycle_from_trash_for_cost(player, recycle.0, recycle.1, &label)?;
        // 422: "Discard 1" in the cost — cards of the player's choice
        if discard > 0 {
            self.discard(player, discard)?;
        }
        // 702.2.b: "Spend my buff" in the cost removes a buff counter from the source
        if spend_buff && self.objects[source.0].buffs > 0 {
            self.objects[source.0].buffs -= 1;
            let t = format!("{} spends its buff to pay the cost", def.name);
            self.event(
                EventKind::Effect,
                vec![cite!("403.1.a"), cite!("702.2.b")],
                t,
                vec![source.0],
            );
        }
        // 403.1.a: "Kill this" in the cost — the source is killed (428) as the cost is paid
        if kill_self {
            self.kill(&[source], cite!("403.1.a"))?;
        }
        // 400.2, 429.2: an [Add] ability resolves as it is finalized, never a chain item
        if !effects.is_empty() && effects.iter().all(|e| matches!(e, Effect::Add { .. })) {
            let t = format!("{label} adds resources: it resolves at once");
            self.event(
                EventKind::Action,
                vec![cite!("400.2"), cite!("429.2")],
                t,
                vec![source.0],
            );
            for e in &effects {
                self.execute_effect(e, player, Some(source), None)?;
            }
            return Ok(());
        }
        if self.chain.is_empty() {
            self.chain_by_trigger = false;
            self.combat_chain = false;
        }
        let id = self.fresh_id();
        self.chain.push(ChainItem {
            id,
            controller: player,
            source: Some(source),
            label,
            effects,
            pending: true,
            triggered: false,
            snapshot: None,
            card: None,
            destination: None,
            enters_ready: false,
            restrict_choices: None,
        });
        self.chain_passes = 0;
        self.make_outstanding(cite!("319.3"));
        Ok(())
    }

    /// 355.2.b, 169.10: the rules by which `def`'s own ability lets `player` play it to
    /// battlefield `b` — an open one (unoccupied and uncontrolled, 169.10.c) or an occupied
    /// one an opponent controls (169.10.a) — or `None`.
    fn play_to_permission(&self, def: &CardDef, player: PlayerId, b: BfId) -> Option<Vec<Cite>> {
        let occupied = !self.units_at(Zone::Battlefield(b)).is_empty();
        let controller = self.battlefields[b.0].controller;
        def.abilities.iter().find_map(|a| match a {
            Ability::PlayTo(PlayableBattlefield::Open) if !occupied && controller.is_none() => {
                Some(vec![cite!("355.2.b"), cite!("169.10.c")])
            }
            Ability::PlayTo(PlayableBattlefield::OccupiedEnemy)
                if occupied && controller.is_some_and(|c| self.opponents(player, c)) =>
            {
                Some(vec![cite!("355.2.b"), cite!("169.10.a")])
            }
            _ => None,
        })
    }

    /// 364.2, 364.3.a: what makes the unit `card`, entering under `controller`, enter ready
    /// instead of exhausted (359.2.c): its own "I enter ready [if …]", or a passive of a
    /// permanent (or legend) of that player — "Other friendly units enter ready", "Your
    /// tokens enter ready" — whose condition holds for it. The card whose ability it is.
    pub(crate) fn enters_ready_by(&self, card: ObjId, controller: PlayerId) -> Option<ObjId> {
        use super::objects::{Ability, Scope};
        let own = self.objects[card.0].def.abilities.iter().any(|a| {
            matches!(a, Ability::EntersReady(c)
                if self.ability_condition_holds(c, Some(card), controller))
        });
        if own {
            return Some(card);
        }
        self.objects
            .iter()
            .filter(|o| o.zone.abilities_function() && self.controller(o.id) == controller)
            .find(|o| {
                o.def.abilities.iter().any(|a| match a {
                    Ability::UnitsEnterReady { scope, condition } => {
                        let in_scope = match scope {
                            Scope::FriendlyUnits => true,
                            Scope::OtherFriendlyUnits => o.id != card,
                            _ => false,
                        };
                        in_scope && self.ability_condition_holds(condition, Some(card), controller)
                    }
                    _ => false,
                })
            })
            .map(|o| o.id)
    }

    /// 337.1.c, 359.2: a finalized permanent leaves the chain and enters the board (a unit
    /// exhausted at its chosen location, 359.2.c; gear ready at the base, 359.2.d); its play
    /// effects go pending (383.4.a.2).
    pub(crate) fn permanent_enters(&mut self, item: ChainItem) -> R<()> {
        let (Some(card), Some(dest)) = (item.card, item.destination) else {
            return Ok(());
        };
        let unit = self.objects[card.0].is_unit();
        // placed first, so that what it enters under is what "enters ready" checks
        self.objects[card.0].zone = dest;
        self.objects[card.0].base_controller = item.controller;
        // 364.2: "I enter ready", a passive ability, changes the default of 359.2.c
        let ready_by = (unit && !item.enters_ready)
            .then(|| self.enters_ready_by(card, item.controller))
            .flatten();
        let ready_by_ability = ready_by.is_some();
        // "units you play this turn enter ready": the card supersedes 359.2.c (002)
        let ready_by_effect = unit
            && !item.enters_ready
            && !ready_by_ability
            && self.players[item.controller.0].units_enter_ready_this_turn;
        let ready = item.enters_ready || ready_by_ability || ready_by_effect;
        // 364.2: "This enters exhausted" changes the default of 359.2.d for a gear
        let exhausted_by_ability = !unit
            && self.objects[card.0]
                .def
                .abilities
                .contains(&Ability::EntersExhausted);
        let others = ready_by.filter(|&s| s != card).map(|s| {
            format!(
                " ready ({}'s ability: its units enter ready)",
                self.obj_name(s)
            )
        });
        let ts = self.tick();
        let o = &mut self.objects[card.0];
        o.zone = dest;
        o.base_controller = item.controller;
        o.exhausted = (unit && !ready) || exhausted_by_ability;
        o.timestamp = ts;
        let t = format!(
            "{} is finalized and enters {}{}",
            self.obj_name(card),
            self.zone_name(dest),
            if unit && !ready {
                " exhausted"
            } else if exhausted_by_ability {
                " exhausted (its ability: \"This enters exhausted\")"
            } else if let Some(by) = &others {
                by
            } else if ready_by_ability {
                " ready (its ability: \"I enter ready\")"
            } else if ready_by_effect {
                " ready (units played this turn enter ready)"
            } else {
                " ready"
            }
        );
        let rule = if item.enters_ready {
            cite!("805.6")
        } else if ready_by_ability || exhausted_by_ability {
            cite!("364.2")
        } else if ready_by_effect {
            cite!("002")
        } else if unit {
            cite!("359.2.c")
        } else {
            cite!("359.2.d")
        };
        let mut rules = vec![cite!("337.1.c"), rule];
        // 811.1.d.1: a permanent played from hidden enters at its battlefield — gear too,
        // overriding gear's base-only restriction (811.1.d.1.a)
        if item.snapshot.is_some() {
            rules.push(if unit {
                cite!("811.1.d.1")
            } else {
                cite!("811.1.d.1.a")
            });
        }
        self.event(EventKind::Zone, rules, t, vec![card.0]);
        self.make_outstanding(cite!("319.6"));
        if let Zone::Battlefield(b) = dest {
            self.apply_contested(b, item.controller, cite!("187.3.a.1"));
        }
        let mut batch = self.collect_triggers(card, &Trigger::Played, None);
        batch.extend(self.play_observers(card, item.controller));
        // "when you play a card" (419.4.a; a token is not a card, 182): played from hidden
        // when it carries its battlefield
        if item.card.is_some() {
            batch.extend(self.card_play_triggers(card, item.controller, item.snapshot.is_some()));
        }
        // 390.2: "when a friendly unit is played this turn"
        batch.extend(self.delayed_on_play(card, item.controller));
        // 811.1.d.2: the play effect of a permanent played from hidden (it carries the
        // battlefield it was hidden at) chooses among options at that battlefield
        let hidden_at = item
            .snapshot
            .as_ref()
            .map(|s| s.location)
            .filter(|_| item.card.is_some());
        // (one that adds resources makes its choices at once, 429.2; any other as it is
        // finalized, 337.1, so its pending item remembers the battlefield)
        self.restrict_choices = hidden_at;
        let r = self.place_triggers(batch, vec![cite!("383.4.a.2")], false);
        self.restrict_choices = None;
        if hidden_at.is_some() {
            for c in self.chain.iter_mut() {
                if c.pending && c.triggered && c.source == Some(card) {
                    c.restrict_choices = hidden_at;
                }
            }
        }
        r
    }

    /// 312.1.a: `player` needs priority to play or activate — or, 316.2.b.1 and 484.8.a, in a
    /// mode with teams, the turn player holds it and invites their teammate to play a spell
    /// or activate an ability with it. Returns whose timing applies: the player's own, or
    /// the inviting turn player's.
    pub(crate) fn invited(
        &mut self,
        player: PlayerId,
        may_invite: bool,
        what: &str,
    ) -> R<PlayerId> {
        let holder = self.priority;
        if holder == Some(player) {
            return Ok(player);
        }
        let tp = self.turn.player;
        if holder == Some(tp) && self.teammates(tp, player) {
            if !may_invite {
                return illegal(
                    cite!("316.2.b.1"),
                    format!(
                        "{} may invite their teammate {} only to play a spell or activate an ability",
                        self.player_name(tp),
                        self.player_name(player)
                    ),
                );
            }
            let t = format!(
                "{} invites their teammate {} to {what} with their priority",
                self.player_name(tp),
                self.player_name(player)
            );
            self.event(
                EventKind::Priority,
                vec![cite!("316.2.b.1"), cite!("484.8.a")],
                t,
                vec![],
            );
            return Ok(tp);
        }
        illegal(
            cite!("312.1.a"),
            format!("{} does not have priority", self.player_name(player)),
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::tests::{duel, unit};
    use crate::engine::{Ability, CardDef, Condition, Zone};

    /// "I cost [2] less to play from anywhere other than your hand" (356.4): the discount
    /// applies to the card played from elsewhere (its trash here), not from its hand.
    #[test]
    fn a_discount_from_anywhere_other_than_the_hand() {
        let (mut g, a, _) = duel();
        let def = || {
            let mut d = CardDef::unit("Drifter", 2).with_ability(Ability::CostModifier {
                of: None,
                tag: None,
                energy: -2,
                min_energy: None,
                opponents: false,
                own: true,
                per: None,
                condition: Condition::NotFromHand,
            });
            d.energy_cost = Some(5);
            d
        };
        let in_hand = unit(&mut g, def(), a, Zone::Hand(a));
        let in_trash = unit(&mut g, def(), a, Zone::Trash(a));
        g.start().expect("start");
        assert_eq!(g.modify_cost(a, in_hand, 5).ok(), Some(5));
        assert_eq!(g.modify_cost(a, in_trash, 5).ok(), Some(3));
        let tr = g.trace.render_plain();
        assert!(
            tr.contains("Drifter costs 2 energy less by its own ability (now 3)"),
            "{tr}"
        );
    }
}

/// 356.1: how an instruction that plays a card changes its base cost.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BaseCost {
    /// Its base cost, as printed.
    Normal,
    /// "ignoring its Energy cost" (356.1.b.2): the base energy cost is zero.
    IgnoreEnergy,
    /// "ignoring its cost" (356.1.b.1): the base energy and power costs are zero.
    Ignore,
    /// "for [Cost]" (356.1.a): the base costs replaced by this one.
    For(i32, super::resources::Power),
}

impl BaseCost {
    /// ", ignoring its Energy cost" for a trace.
    pub fn describe(&self) -> String {
        match self {
            BaseCost::Normal => String::new(),
            BaseCost::IgnoreEnergy => ", ignoring its Energy cost".into(),
            BaseCost::Ignore => ", ignoring its cost".into(),
            BaseCost::For(e, p) => format!(" for {}", super::resources::describe_amount(*e, p)),
        }
    }

    /// The rule that sets the base cost.
    fn rule(&self) -> Option<Cite> {
        match self {
            BaseCost::Normal => None,
            BaseCost::IgnoreEnergy => Some(cite!("356.1.b.2")),
            BaseCost::Ignore => Some(cite!("356.1.b.1")),
            BaseCost::For(..) => Some(cite!("356.1.a")),
        }
    }

    /// The base energy and power once the instruction has modified them.
    /// (`domains`: the card's, for a cost of its own domain.)
    fn apply(
        &self,
        energy: i32,
        power: super::resources::Power,
        domains: &[String],
    ) -> (i32, super::resources::Power) {
        match self {
            BaseCost::Normal => (energy, power),
            BaseCost::IgnoreEnergy => (0, power),
            BaseCost::Ignore => (0, super::resources::Power::default()),
            BaseCost::For(e, p) => (*e, p.resolve(domains)),
        }
    }
}

/// 419.3: a card played as part of a resolution (a Limited Play): from where it is, with its
/// base cost as the instruction says; its timing is the resolution's (419.3.a).
#[derive(Clone, Debug)]
pub(crate) struct LimitedPlay {
    pub from: Zone,
    pub base: BaseCost,
    /// 419.3.a: played as part of a resolution, so not at the usual timing; `false` for a
    /// card's own permission to be played from elsewhere ("You may play me from your trash
    /// for …"), played at the usual timing.
    pub resolving: bool,
    /// 355.2.b: the instruction permits the battlefield it plays a unit to ("to any
    /// battlefield", "to the same location").
    pub permitted: bool,
    /// 356.4.b: "reducing its cost by [N]": a discount of N energy from the instruction.
    pub reduce: i32,
}

/// 355.2: where an instruction that plays a unit puts it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayTo {
    /// 355.2.a: its player's base or a battlefield they control, chosen as it is played.
    Default,
    /// "to their base".
    Base,
    /// "to any battlefield" (355.2.b).
    AnyBattlefield,
    /// "to the same location": where the unit the instruction before banished was (355.2.b);
    /// bound to `At` as that instruction executes.
    SameLocation,
    /// That location.
    At(Zone),
}

impl PlayTo {
    /// " to any battlefield" for a trace.
    pub fn describe(&self) -> &'static str {
        match self {
            PlayTo::Default => "",
            PlayTo::Base => " to their base",
            PlayTo::AnyBattlefield => " to any battlefield",
            PlayTo::SameLocation | PlayTo::At(_) => " to the same location",
        }
    }
}

impl Game {
    /// 419.3: `player` plays `card` (chosen in their trash, or one the same object banished,
    /// 427.3) as an instruction resolves — every step as normal (419.3.b) but the base cost
    /// (356.1.b). A card no longer where it was chosen, or whose cost cannot be paid, is not
    /// played and resolution continues (419.3.c). A unit goes where `to` says: by default its
    /// player's base or a battlefield they control (355.2.a), chosen now; elsewhere by the
    /// instruction's permission (355.2.b).
    pub(crate) fn limited_play(
        &mut self,
        player: PlayerId,
        card: ObjId,
        base: &BaseCost,
        to: &PlayTo,
        reduce: i32,
    ) -> R<()> {
        let o = &self.objects[card.0];
        let from = o.zone;
        if from != Zone::Trash(player) && from != Zone::Banishment(player) {
            let t = format!(
                "{} is no longer in {}'s trash or Banishment: it is not played",
                o.def.name,
                self.player_name(player)
            );
            self.event(EventKind::Effect, vec![cite!("419.3.c")], t, vec![card.0]);
            return Ok(());
        }
        let def = o.def.clone();
        let (energy, power) = base.apply(
            def.energy_cost.unwrap_or(0),
            def.power_cost
                .clone()
                .unwrap_or_default()
                .resolve(&def.domains),
            &def.domains,
        );
        let energy = energy.saturating_sub(reduce).max(0);
        if let Err(lacking) = self.payment_ways(player, energy, &power) {
            let t = format!(
                "{} cannot pay {} for {}{}: it is not played ({lacking})",
                self.player_name(player),
                super::resources::describe_amount(energy, &power),
                def.name,
                base.describe()
            );
            self.event(
                EventKind::Effect,
                vec![cite!("419.3.b"), cite!("419.3.c")],
                t,
                vec![card.0],
            );
            return Ok(());
        }
        let (to, permitted) = if matches!(def.card_type, CardType::Unit) {
            match self.limited_play_location(player, &def, to)? {
                Some(l) => l,
                None => return Ok(()),
            }
        } else {
            (None, false)
        };
        let depth = self.depth;
        let limited = LimitedPlay {
            from,
            base: base.clone(),
            resolving: true,
            permitted,
            reduce,
        };
        let r = self.play_card(player, card, to, None, Some(&limited));
        self.depth = depth;
        r
    }

    /// 355.2: where a unit played by an instruction goes, and whether the instruction's
    /// permission makes it valid (355.2.b). `None`: there is nowhere to play it (419.3.c).
    fn limited_play_location(
        &mut self,
        player: PlayerId,
        def: &CardDef,
        to: &PlayTo,
    ) -> R<Option<(Option<Location>, bool)>> {
        let choose =
            |g: &mut Game, mine: Vec<BfId>, base: bool, rule: Cite| -> R<Option<Location>> {
                let mut options = Vec::new();
                if base {
                    options.push(super::decision::DecisionOption {
                        label: "base".into(),
                        answer: super::decision::Answer::Index(0),
                    });
                }
                for b in &mine {
                    options.push(super::decision::DecisionOption {
                        label: g.bf_name(*b).to_string(),
                        answer: super::decision::Answer::Battlefield(*b),
                    });
                }
                if options.is_empty() {
                    return Ok(None);
                }
                let d = super::decision::Decision {
                    kind: super::decision::DecisionKind::Target,
                    player,
                    prompt: format!(
                        "{} chooses where to play {}",
                        g.player_name(player),
                        def.name
                    ),
                    options,
                    more: 0,
                    items: Vec::new(),
                    rules: vec![rule],
                };
                let i = g.decide(d)?;
                Ok(Some(match (base, i) {
                    (true, 0) => Location::Base,
                    (true, i) => Location::Battlefield(mine[i - 1]),
                    (false, i) => Location::Battlefield(mine[i]),
                }))
            };
        Ok(match to {
            // 355.2.a: its player's base or a battlefield they control
            PlayTo::Default => {
                let mine: Vec<BfId> = (0..self.battlefields.len())
                    .map(BfId)
                    .filter(|b| self.battlefields[b.0].controller == Some(player))
                    .collect();
                choose(self, mine, true, cite!("355.2.a"))?.map(|l| (Some(l), false))
            }
            PlayTo::Base => Some((Some(Location::Base), false)),
            // 355.2.b: "to any battlefield" makes every battlefield valid (054.1 still
            // forbids one where units can't be played)
            PlayTo::AnyBattlefield => {
                let all: Vec<BfId> = (0..self.battlefields.len())
                    .map(BfId)
                    .filter(|b| !self.no_units_played_at(*b))
                    .collect();
                let l = choose(self, all, false, cite!("355.2.b"))?;
                if l.is_none() {
                    let t = format!(
                        "there is no battlefield {} can be played to: it is not played",
                        def.name
                    );
                    self.event(EventKind::Effect, vec![cite!("419.3.c")], t, vec![]);
                }
                l.map(|l| (Some(l), true))
            }
            // 355.2.b: "to the same location" — where the unit was
            PlayTo::At(Zone::Base(p)) if *p == player => Some((Some(Location::Base), false)),
            PlayTo::At(Zone::Battlefield(b)) => Some((Some(Location::Battlefield(*b)), true)),
            PlayTo::At(z) => {
                return Err(super::actions::Halt::Err(
                    super::actions::EngineError::Unsupported(format!(
                        "playing {} to the same location, {}: the rules do not say how a player plays a unit to another player's base",
                        def.name,
                        self.zone_name(*z)
                    )),
                ));
            }
            PlayTo::SameLocation => {
                return Err(super::actions::Halt::Err(
                    super::actions::EngineError::Unsupported(format!(
                        "playing {} \"to the same location\" needs the unit an instruction before banished (its owner plays it)",
                        def.name
                    )),
                ));
            }
        })
    }
}

impl Game {
    /// 419.1.a, 356.1.a: `card`'s own permission to be played by `player` from their trash
    /// ("You may play me from your trash for [cost]"), if it has one whose condition holds.
    fn own_permission_from_trash(&self, player: PlayerId, card: ObjId) -> Option<LimitedPlay> {
        let o = &self.objects[card.0];
        if o.zone != Zone::Trash(player) {
            return None;
        }
        o.def.abilities.iter().find_map(|a| match a {
            Ability::PlayFromTrash {
                energy,
                power,
                condition,
            } if self.ability_condition_holds(condition, Some(card), player) => Some(LimitedPlay {
                from: o.zone,
                base: BaseCost::For(*energy, power.clone()),
                resolving: false,
                permitted: false,
                reduce: 0,
            }),
            _ => None,
        })
    }
}

/// "spell", "unit", "gear", "card": a card type in the trace's words.
fn kind_word(kind: CardType) -> &'static str {
    match kind {
        CardType::Spell => "spell",
        CardType::Unit => "unit",
        CardType::Gear => "gear",
        _ => "card",
    }
}
