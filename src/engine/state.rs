//! The game state (106–189, 300–313): players, zones, battlefields, the turn and its
//! states, the chain, showdowns and combat, priority and focus. One `Clone` value with
//! its seeded RNG; undo is restoring a clone.

use super::decision::{Answer, Decision};
use super::objects::{CardDef, Duration, Effect, Keyword, Modification, Object};
use super::trace::{Cite, Trace};
use super::tracked::{Cache, Journaled, Tracked};
use serde::Serialize;
use std::sync::Arc;

/// A player, by index in `Game::players` (turn order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct PlayerId(pub usize);

/// A game object, by index in `Game::objects`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct ObjId(pub usize);

/// A battlefield, by index in `Game::battlefields`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct BfId(pub usize);

/// Zones (106–108). Board zones are bases and battlefields (with their facedown zones).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case", tag = "zone", content = "of")]
pub enum Zone {
    Base(PlayerId),
    Battlefield(BfId),
    /// A battlefield's facedown zone (hidden cards).
    Facedown(BfId),
    Trash(PlayerId),
    Hand(PlayerId),
    MainDeck(PlayerId),
    RuneDeck(PlayerId),
    ChampionZone(PlayerId),
    LegendZone(PlayerId),
    Banishment(PlayerId),
    /// The Chain (328): a non-board zone.
    Chain,
    /// Tokens that left the board cease to exist.
    Gone,
}

impl Zone {
    /// Board zones: bases, battlefields and facedown zones.
    pub fn on_board(&self) -> bool {
        matches!(
            self,
            Zone::Base(_) | Zone::Battlefield(_) | Zone::Facedown(_)
        )
    }

    /// Where an object's triggered abilities watch for their condition: the board, and the
    /// Legend Zone (173.6–173.8: legends have passive, triggered and activated abilities).
    pub fn abilities_function(&self) -> bool {
        self.on_board() || matches!(self, Zone::LegendZone(_))
    }

    /// The player a zone belongs to: a base and every non-board zone but the Chain.
    pub fn player(&self) -> Option<PlayerId> {
        match *self {
            Zone::Base(p)
            | Zone::Trash(p)
            | Zone::Hand(p)
            | Zone::MainDeck(p)
            | Zone::RuneDeck(p)
            | Zone::ChampionZone(p)
            | Zone::LegendZone(p)
            | Zone::Banishment(p) => Some(p),
            _ => None,
        }
    }

    /// Stable name for expectations and JSON ("base", "battlefield", "trash", ...).
    pub fn kind_name(&self) -> &'static str {
        match self {
            Zone::Base(_) => "base",
            Zone::Battlefield(_) => "battlefield",
            Zone::Facedown(_) => "facedown",
            Zone::Trash(_) => "trash",
            Zone::Hand(_) => "hand",
            Zone::MainDeck(_) => "main-deck",
            Zone::RuneDeck(_) => "rune-deck",
            Zone::ChampionZone(_) => "champion-zone",
            Zone::LegendZone(_) => "legend-zone",
            Zone::Banishment(_) => "banishment",
            Zone::Chain => "chain",
            Zone::Gone => "gone",
        }
    }
}

pub use super::modes::Mode;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Player {
    pub id: PlayerId,
    pub name: String,
    pub points: i32,
    pub xp: i32,
    /// Team number in team modes (players with equal team are teammates).
    pub team: Option<usize>,
    pub lost: bool,
    /// The rune pool (164–166): energy, and power by domain (`any`: universal power,
    /// 162.2.b).
    pub energy: i32,
    pub power: super::resources::Power,
    /// Energy and power in the pool added with a restriction on what it pays for ("Use only
    /// to play spells"), oldest first; it empties with the pool (166).
    pub restricted: Vec<super::resources::Restricted>,
    /// The cards this player has played (finalized) this turn (812.1.c, Legion), and how many
    /// were played before a scenario's set-up.
    pub played_this_turn: Vec<ObjId>,
    pub played_before_setup: u32,
    /// "Units you play this turn enter ready" / "Friendly units enter ready this turn": the
    /// units this player plays (cards and tokens, 182.1.a) enter ready until the turn ends.
    pub units_enter_ready_this_turn: bool,
    /// The units this player controlled that died this turn ("if a unit died this turn",
    /// "if an enemy unit has died this turn").
    pub units_died_this_turn: u32,
    /// Of those, the ones that died during the turn's Beginning Phase (315.2): "if a friendly
    /// unit died during your Beginning Phase this turn".
    pub units_died_beginning_phase: u32,
    /// How many cards the player discarded this turn (422): "if you've discarded a card this
    /// turn".
    pub discarded_this_turn: u32,
    /// Cards drawn this turn (413.1), for "When you draw your second card each turn".
    pub drawn_this_turn: u32,
    /// The cards they completed playing this turn (419.4.a; not tokens, 182; reset each turn).
    pub cards_played_this_turn: u32,
    /// How much XP the player gained this turn (730.1): "if you've gained XP this turn".
    pub xp_gained_this_turn: i32,
    /// "The next spell you play this turn costs [5] less", "your units cost [1] more to play
    /// this turn": changes to the Energy cost of the cards this player plays until the turn
    /// ends (356.3, 356.4).
    pub cost_changes_this_turn: Vec<super::objects::TurnCostChange>,
    /// "Its controller can't play spells this turn", "opponents can't play cards this turn":
    /// what this player can't play until the turn ends (a card type, or `None` for any
    /// card), forbidding what a permission would allow (054.1).
    pub cant_play_this_turn: Vec<Option<super::objects::CardType>>,
    /// The power this player spent this turn paying costs (357.1, 165.2): "if you've spent at
    /// least [A][A] this turn".
    pub power_spent_this_turn: i32,
    /// The most energy this player spent paying the cost of one spell this turn (357.1):
    /// "if you've spent [4] or more to play a spell this turn".
    pub most_energy_for_a_spell_this_turn: i32,
    /// 478.7: the player has had their first Channel Phase / Draw Phase of the game (the
    /// First Turn Process adjusts those).
    pub first_channel_done: bool,
    pub first_draw_done: bool,
    /// The turns this player has begun, this one included (their first turn is 1): "each
    /// player's first Beginning Phase", "until their third turn" (478.7: the game counts each
    /// player's own turns; an Additional Turn, 735, is one of theirs).
    pub turns_begun: u32,
    /// 481.6: the Game Wins this player has earned in a best-of-three match (mode `match`).
    pub game_wins: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Battlefield {
    pub id: BfId,
    pub name: String,
    /// The battlefield card's definition (its abilities: "when you conquer here", ...).
    #[serde(serialize_with = "super::objects::ser_opt_arc")]
    pub def: Option<Arc<CardDef>>,
    pub controller: Option<PlayerId>,
    /// Contested status (187.3) and who applied it (459.2.b.1, 345).
    pub contested: bool,
    pub contested_by: Option<PlayerId>,
    pub showdown_staged: bool,
    pub combat_staged: bool,
    /// Players who scored this battlefield this turn (465).
    pub scored_this_turn: Vec<PlayerId>,
    /// 484.8.b: the turn player's teammate controlled it at the start of the turn's
    /// Beginning Phase, so the turn player's team cannot score it this turn.
    pub disqualified_this_turn: bool,
    /// The player who contributed it to the game (478.4; removed with them, 652.2).
    pub owner: Option<PlayerId>,
}

/// Phases of the turn (314–317).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Awaken,
    Beginning,
    Channel,
    Draw,
    Main,
    Ending,
}

impl Phase {
    pub fn parse(s: &str) -> Option<Phase> {
        Some(match s {
            "awaken" => Phase::Awaken,
            "beginning" => Phase::Beginning,
            "channel" => Phase::Channel,
            "draw" => Phase::Draw,
            "main" => Phase::Main,
            "ending" => Phase::Ending,
            _ => return None,
        })
    }
    pub const NAMES: &'static [&'static str] =
        &["awaken", "beginning", "channel", "draw", "main", "ending"];
    pub fn name(&self) -> &'static str {
        match self {
            Phase::Awaken => "awaken",
            Phase::Beginning => "beginning",
            Phase::Channel => "channel",
            Phase::Draw => "draw",
            Phase::Main => "main",
            Phase::Ending => "ending",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Turn {
    pub player: PlayerId,
    pub number: u32,
    pub phase: Phase,
    /// Progress within the phase (0 = the phase has not started its tasks yet).
    pub step: u8,
    /// 735: this turn is an Additional Turn ("take a turn after this one").
    pub additional: bool,
    /// 736–737: the player whose place in the Turn Order the game is at — the turn player on
    /// a regular turn; on an Additional Turn, the player of the regular turn it followed
    /// (the Turn Order proceeds from them once the queued turns are taken).
    pub order: PlayerId,
}

/// The four states of the turn (310).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TurnState {
    /// Showdown state (308.1) when true, neutral (308.2) otherwise.
    pub showdown: bool,
    /// Closed (309.1: a chain exists) when true, open otherwise.
    pub closed: bool,
}

impl TurnState {
    /// "neutral-open", "neutral-closed", "showdown-open", "showdown-closed".
    pub fn name(&self) -> &'static str {
        match (self.showdown, self.closed) {
            (false, false) => "neutral-open",
            (false, true) => "neutral-closed",
            (true, false) => "showdown-open",
            (true, true) => "showdown-closed",
        }
    }
}

/// 428.5: what kills are attributed to — the chain item resolving or last resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KillBy {
    /// The player responsible (428.5.c): the item's controller.
    pub player: PlayerId,
    /// A spell, or an ability originating from one (428.5.d).
    pub spell: bool,
    /// Its label in the trace ("Scorch").
    pub label: String,
    /// It is an ability (originating from a spell when `spell`, 428.5.d).
    pub ability: bool,
    /// The units it dealt damage to as it resolved (428.5.c).
    pub damaged: Vec<ObjId>,
}

/// What an object looked like as it died (808.1.d.3 / 323.4), for its Deathknell.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Snapshot {
    pub location: Zone,
    pub might: i32,
    pub controller: PlayerId,
    pub keywords: Vec<Keyword>,
    pub designation: Option<super::objects::Designation>,
}

/// A chain item (329): a card being played, an activated ability, or a triggered ability.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChainItem {
    /// Unique id in this game.
    pub id: u64,
    pub controller: PlayerId,
    pub source: Option<ObjId>,
    /// Text shown in the trace ("Deathknell of Zombie").
    pub label: String,
    pub effects: Vec<Effect>,
    /// Pending (329.2) until finalized (329.3).
    pub pending: bool,
    /// A triggered ability (346.1: its chain does not pass focus when it closes).
    pub triggered: bool,
    pub snapshot: Option<Snapshot>,
    /// A card being played (349): the card, and for a permanent where it will enter.
    pub card: Option<ObjId>,
    pub destination: Option<Zone>,
    /// A unit played with Accelerate paid enters ready (805.1.a, 805.6).
    pub enters_ready: bool,
    /// 811.1.d.2: the play effect of a permanent played from hidden chooses its targets
    /// among options at the battlefield it was hidden at — as it is finalized (337.1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub restrict_choices: Option<Zone>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Showdown {
    pub battlefield: BfId,
    /// A combat showdown (316.5.a.1) or a non-combat showdown (316.5.b.1.a).
    pub combat: bool,
    /// Consecutive focus passes without a spell or ability (347.3, 348).
    pub passes: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CombatStep {
    /// The combat showdown is open (459).
    Showdown,
    /// Damage (460).
    Damage,
    /// Resolution (461).
    Resolution,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Combat {
    pub battlefield: BfId,
    pub attacker: PlayerId,
    pub defender: PlayerId,
    pub step: CombatStep,
}

/// A continuous effect from an effect that resolved (not from a passive ability).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ContinuousEffect {
    pub id: u64,
    pub target: ObjId,
    pub source: String,
    pub modification: Modification,
    pub duration: Duration,
    /// 475.1
    pub timestamp: u64,
    /// A limit (min for decreases, max for increases) and the value snapshotted at
    /// application (472.3.b).
    pub limit: Option<i32>,
    pub snapshot: Option<i32>,
}

/// Where play stands: what the engine waits for.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "status")]
pub enum Status {
    /// A decision with several legal options must be answered with `Action::Choose`.
    Decision { player: PlayerId },
    /// A player holds priority in a closed state or a showdown and may act or pass.
    Priority { player: PlayerId },
    /// Neutral open main phase: the turn player may take discretionary actions.
    Idle { player: PlayerId },
    /// The game is over.
    Over { winner: Option<PlayerId> },
}

/// A suspended action waiting for a decision: the state before it (without its trace, which
/// then had `mark` events) and the answers so far.
#[derive(Clone, Debug)]
pub(crate) struct Suspended {
    pub before: Box<Game>,
    pub mark: usize,
    pub action: super::actions::Action,
    pub answers: Vec<Answer>,
}

/// The whole game. Every change goes through `Game::apply` (actions.rs), which records
/// trace events.
#[derive(Clone, Debug)]
pub struct Game {
    pub mode: Mode,
    /// Tracked (with `objects` and `effects`): the inputs of the layer system, whose
    /// derived characteristics are cached until one of them changes.
    pub players: Tracked<Vec<Player>>,
    /// Journaled too: `apply` takes back a refused action's changes to the objects
    /// instead of keeping a copy of them all.
    pub objects: Journaled<Object>,
    /// Tracked (as `chain`) for the cleanup's weighing of a change (322).
    pub battlefields: Tracked<Vec<Battlefield>>,
    pub turn: Turn,
    pub chain: Tracked<Vec<ChainItem>>,
    pub showdown: Option<Showdown>,
    pub combat: Option<Combat>,
    pub priority: Option<PlayerId>,
    pub focus: Option<PlayerId>,
    pub winner: Option<PlayerId>,
    pub effects: Tracked<Vec<ContinuousEffect>>,
    /// 735–738: the Additional Turns queued after the current turn, the next first.
    pub additional_turns: Vec<PlayerId>,
    pub trace: Trace,
    pub(crate) rng: u64,
    pub(crate) clock: u64,
    pub(crate) next_id: u64,
    /// The cleanup made outstanding (319.x) and not yet performed.
    pub(crate) outstanding_cleanup: Vec<Cite>,
    /// Consecutive priority passes on the current chain (339).
    pub(crate) chain_passes: usize,
    /// The chain was opened by a triggered ability (346.1) or is a combat's initial chain (459.2.g).
    pub(crate) chain_by_trigger: bool,
    /// The chain is the combat chain created as the combat opened (459.2.d, 459.2.g).
    pub(crate) combat_chain: bool,
    /// Answers queued for the decisions of the action being (re)applied.
    pub(crate) answers: std::collections::VecDeque<Answer>,
    pub(crate) decision: Option<Decision>,
    pub(crate) suspended: Option<Box<Suspended>>,
    pub(crate) in_cleanup: bool,
    pub(crate) resolving: bool,
    /// 359.3.e.2, 405.1: the targets of the chain item resolving, each (object, its
    /// timestamp as chosen, whether it was legal as the item began to resolve) — legality
    /// is checked as the spell resolves, not again as each of its instructions executes.
    pub(crate) legal_as_resolving: Vec<(ObjId, u64, bool)>,
    /// 428.5: the spell or ability resolving, or that resolved last, to which kills are
    /// attributed — its Kill instructions (428.5.b) and, in the cleanup that follows it, the
    /// units it dealt damage to (428.5.c). Cleared as that cleanup ends.
    pub(crate) kill_by: Option<KillBy>,
    pub(crate) depth: u8,
    pub(crate) fepr_happened: bool,
    /// Replacement effects used up: (source, ability index, turn) — turn 0 for "the next
    /// time" (for good), the turn number for "once each turn" (371).
    pub(crate) replacements_spent: Vec<(ObjId, usize, u32)>,
    /// Replacements applied in the sequence being executed (370.2), nested kills included.
    pub(crate) replacements_applied: Vec<super::abilities::replacement::RepKey>,
    /// Replacement effects a spell or ability created for a duration ("The next time it
    /// would die this turn, … instead"), about one unit.
    pub created_replacements: Vec<super::abilities::replacement::CreatedReplacement>,
    /// Delayed abilities waiting for their trigger (389–392).
    pub delayed: Vec<super::abilities::delayed::Delayed>,
    /// Units known to be Mighty (707–709), to trace when one becomes or stops being Mighty.
    pub(crate) mighty: Vec<ObjId>,
    /// The clock when Mighty was last looked at (709: an object entered since has not
    /// become Mighty).
    pub(crate) mighty_look: u64,
    /// Priority or focus that finalizing or resolving awards, handed out by HOT FEPR only
    /// once the outstanding cleanups are done (335, 320.1).
    pub(crate) priority_due: Option<crate::engine::chain::PriorityDue>,
    /// 811.1.d.2: while a card played from hidden (or its play effect) makes its choices,
    /// the battlefield they are restricted to.
    pub(crate) restrict_choices: Option<Zone>,
    /// 468–475: every object's characteristics, derived once per change of the tracked
    /// inputs (`Game::derived`).
    pub(crate) derived: Cache<[u64; 4], crate::engine::layers::Derived>,
}

/// A saved state for undo: the game without its trace, and how long the trace's settled
/// part was then (plus the lines of a suspended action's partial run, which answering its
/// decision rewrites). Restoring truncates the trace, so saving costs no copy of it.
#[derive(Clone, Debug)]
pub struct Saved {
    game: Box<Game>,
    mark: usize,
    partial: Vec<super::trace::Event>,
}

impl Saved {
    /// The game as it was saved (without its trace).
    pub fn game(&self) -> &Game {
        &self.game
    }
}

impl Game {
    /// A copy of the game without its trace (every other field cloned).
    pub(crate) fn clone_without_trace(&self) -> Game {
        self.copy(true)
    }

    /// A copy of the game without its trace and without its objects (left empty): what
    /// `apply` keeps to restore a refused action, the objects being rolled back by their
    /// journal instead.
    pub(crate) fn clone_without_trace_or_objects(&self) -> Game {
        self.copy(false)
    }

    /// A copy of the game without its trace, with or without its objects (the
    /// destructuring makes a new field a compile error here until it is copied too). Every
    /// field is `.clone()`d alike, Copy or not, so a field's type can change without
    /// touching this.
    #[allow(clippy::clone_on_copy)]
    fn copy(&self, with_objects: bool) -> Game {
        let Game {
            mode,
            players,
            objects,
            battlefields,
            turn,
            chain,
            showdown,
            combat,
            priority,
            focus,
            winner,
            effects,
            additional_turns,
            rng,
            clock,
            next_id,
            outstanding_cleanup,
            chain_passes,
            chain_by_trigger,
            combat_chain,
            answers,
            decision,
            suspended,
            in_cleanup,
            resolving,
            legal_as_resolving,
            kill_by,
            depth,
            fepr_happened,
            replacements_spent,
            replacements_applied,
            created_replacements,
            delayed,
            mighty,
            mighty_look,
            priority_due,
            restrict_choices,
            derived,
            trace: _,
        } = self;
        Game {
            mode: mode.clone(),
            players: players.clone(),
            objects: if with_objects {
                objects.clone()
            } else {
                Default::default()
            },
            battlefields: battlefields.clone(),
            turn: turn.clone(),
            chain: chain.clone(),
            showdown: showdown.clone(),
            combat: combat.clone(),
            priority: priority.clone(),
            focus: focus.clone(),
            winner: winner.clone(),
            effects: effects.clone(),
            additional_turns: additional_turns.clone(),
            rng: rng.clone(),
            clock: clock.clone(),
            next_id: next_id.clone(),
            outstanding_cleanup: outstanding_cleanup.clone(),
            chain_passes: chain_passes.clone(),
            chain_by_trigger: chain_by_trigger.clone(),
            combat_chain: combat_chain.clone(),
            answers: answers.clone(),
            decision: decision.clone(),
            suspended: suspended.clone(),
            in_cleanup: in_cleanup.clone(),
            resolving: resolving.clone(),
            legal_as_resolving: legal_as_resolving.clone(),
            kill_by: kill_by.clone(),
            depth: depth.clone(),
            fepr_happened: fepr_happened.clone(),
            replacements_spent: replacements_spent.clone(),
            replacements_applied: replacements_applied.clone(),
            created_replacements: created_replacements.clone(),
            delayed: delayed.clone(),
            mighty: mighty.clone(),
            mighty_look: *mighty_look,
            priority_due: priority_due.clone(),
            restrict_choices: restrict_choices.clone(),
            derived: derived.clone(),
            trace: Trace::default(),
        }
    }

    /// Saves the state for undo (the REPL's `back`) without copying the trace.
    pub fn save(&self) -> Saved {
        let len = self.trace.events.len();
        let mark = self.suspended.as_ref().map_or(len, |s| s.mark.min(len));
        Saved {
            game: Box::new(self.clone_without_trace()),
            mark,
            partial: self.trace.events[mark..].to_vec(),
        }
    }

    /// Restores a state saved from this game (or an earlier form of it): everything as it
    /// was, the trace truncated to its length then.
    pub fn restore(&mut self, saved: Saved) {
        let mut trace = std::mem::take(&mut self.trace);
        trace.events.truncate(saved.mark);
        trace.events.extend(saved.partial);
        *self = *saved.game;
        self.trace = trace;
    }
}

/// SplitMix64: spreads a seed over all 64 bits for the xorshift state.
fn splitmix64(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Game {
    /// A new game in `mode` with the players named (in turn order), seeded RNG.
    /// The turn starts as player 0's main phase, turn 1; change it with `set_turn`.
    pub fn new(mode: Mode, names: &[&str], seed: u64) -> Game {
        let players: Vec<Player> = names
            .iter()
            .enumerate()
            .map(|(i, n)| Player {
                id: PlayerId(i),
                name: n.to_string(),
                points: 0,
                xp: 0,
                team: match mode {
                    Mode::MagmaChamber => Some(i % 2),
                    _ => None,
                },
                lost: false,
                energy: 0,
                power: Default::default(),
                restricted: Vec::new(),
                played_this_turn: Vec::new(),
                units_enter_ready_this_turn: false,
                units_died_this_turn: 0,
                units_died_beginning_phase: 0,
                discarded_this_turn: 0,
                drawn_this_turn: 0,
                cards_played_this_turn: 0,
                xp_gained_this_turn: 0,
                cost_changes_this_turn: Vec::new(),
                cant_play_this_turn: Vec::new(),
                power_spent_this_turn: 0,
                most_energy_for_a_spell_this_turn: 0,
                played_before_setup: 0,
                first_channel_done: false,
                first_draw_done: false,
                turns_begun: 0,
                game_wins: 0,
            })
            .collect();
        let mut g = Game {
            mode,
            players: players.into(),
            objects: Vec::new().into(),
            battlefields: Default::default(),
            turn: Turn {
                player: PlayerId(0),
                number: 1,
                phase: Phase::Main,
                step: 0,
                additional: false,
                order: PlayerId(0),
            },
            chain: Default::default(),
            showdown: None,
            combat: None,
            priority: None,
            focus: None,
            winner: None,
            effects: Vec::new().into(),
            additional_turns: Vec::new(),
            trace: Trace::default(),
            rng: splitmix64(seed).max(1),
            clock: 0,
            next_id: 1,
            outstanding_cleanup: Vec::new(),
            chain_passes: 0,
            chain_by_trigger: false,
            combat_chain: false,
            answers: Default::default(),
            decision: None,
            suspended: None,
            in_cleanup: false,
            resolving: false,
            legal_as_resolving: Vec::new(),
            kill_by: None,
            depth: 0,
            fepr_happened: false,
            mighty: Vec::new(),
            mighty_look: 0,
            replacements_spent: Vec::new(),
            replacements_applied: Vec::new(),
            created_replacements: Vec::new(),
            delayed: Vec::new(),
            priority_due: None,
            restrict_choices: None,
            derived: Default::default(),
        };
        g.settle_first_turns();
        g
    }

    /// The seeded RNG (xorshift64*): a number in 0..n.
    pub fn random(&mut self, n: u64) -> u64 {
        let mut x = self.rng;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.rng = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D) % n.max(1)
    }

    pub(crate) fn tick(&mut self) -> u64 {
        self.clock += 1;
        self.clock
    }

    pub(crate) fn fresh_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    // ---- setup (not traced: the scenario's starting position) ----

    /// Adds a battlefield (optionally with its card's abilities).
    pub fn add_battlefield(&mut self, name: &str, def: Option<Arc<CardDef>>) -> BfId {
        let id = BfId(self.battlefields.len());
        self.battlefields.push(Battlefield {
            id,
            name: name.to_string(),
            def,
            controller: None,
            contested: false,
            contested_by: None,
            showdown_staged: false,
            combat_staged: false,
            scored_this_turn: Vec::new(),
            disqualified_this_turn: false,
            owner: None,
        });
        id
    }

    /// Creates an object from a definition in `zone`, owned and controlled by `owner`.
    pub fn create(&mut self, def: Arc<CardDef>, owner: PlayerId, zone: Zone) -> ObjId {
        let id = ObjId(self.objects.len());
        let ts = self.tick();
        self.objects.push(Object {
            id,
            def,
            owner,
            base_controller: owner,
            zone,
            damage: 0,
            buffs: 0,
            exhausted: false,
            stunned: false,
            designation: None,
            attached_to: None,
            timestamp: ts,
            position: ts,
            attack_checked: false,
            defend_checked: false,
            moves_this_turn: 0,
            triggers_this_turn: Vec::new(),
            linked: Vec::new(),
            hidden_on_turn: None,
            token: false,
            additional_paid: false,
        });
        id
    }

    /// Setup access to an object's marked state (damage, buffs, exhausted, designation, ...).
    pub fn object_mut(&mut self, id: ObjId) -> &mut Object {
        &mut self.objects[id.0]
    }
    pub fn player_mut(&mut self, p: PlayerId) -> &mut Player {
        &mut self.players[p.0]
    }
    pub fn battlefield_mut(&mut self, b: BfId) -> &mut Battlefield {
        &mut self.battlefields[b.0]
    }

    /// Sets the turn player, phase and turn number. With a non-main phase, `start` runs the
    /// phase from its beginning.
    pub fn set_turn(&mut self, player: PlayerId, phase: Phase, number: u32) {
        self.turn = Turn {
            player,
            number,
            phase,
            step: 0,
            additional: false,
            order: player,
        };
        self.settle_first_turns();
    }

    /// Setup: a continuous effect on an object ("+2 Might this turn", "has Tank this turn").
    pub fn setup_effect(
        &mut self,
        target: ObjId,
        source: &str,
        modification: Modification,
        duration: Duration,
    ) {
        let id = self.fresh_id();
        let timestamp = self.tick();
        self.effects.push(ContinuousEffect {
            id,
            target,
            source: source.to_string(),
            modification,
            duration,
            timestamp,
            limit: None,
            snapshot: None,
        });
    }

    /// Setup: an open showdown at `bf` (combat when `combat` is Some((attacker, defender))),
    /// with `focus` holding focus and priority. Units present get their designations.
    pub fn setup_showdown(
        &mut self,
        bf: BfId,
        focus: PlayerId,
        combat: Option<(PlayerId, PlayerId)>,
    ) {
        self.showdown = Some(Showdown {
            battlefield: bf,
            combat: combat.is_some(),
            passes: 0,
        });
        self.battlefields[bf.0].contested = true;
        if self.battlefields[bf.0].contested_by.is_none() {
            self.battlefields[bf.0].contested_by = Some(combat.map(|c| c.0).unwrap_or(focus));
        }
        if let Some((attacker, defender)) = combat {
            self.combat = Some(Combat {
                battlefield: bf,
                attacker,
                defender,
                step: CombatStep::Showdown,
            });
            for i in 0..self.objects.len() {
                let o = &self.objects[i];
                if o.zone == Zone::Battlefield(bf) && o.is_unit() {
                    if o.base_controller == attacker {
                        let o = &mut self.objects[i];
                        o.designation = Some(super::objects::Designation::Attacker);
                        o.attack_checked = true;
                    } else if o.base_controller == defender {
                        let o = &mut self.objects[i];
                        o.designation = Some(super::objects::Designation::Defender);
                        o.defend_checked = true;
                    }
                }
            }
        }
        self.focus = Some(focus);
        self.priority = Some(focus);
    }

    /// Setup: an item on the chain (pending or finalized), controlled by `controller`.
    pub fn setup_chain_item(
        &mut self,
        controller: PlayerId,
        source: Option<ObjId>,
        label: &str,
        effects: Vec<Effect>,
        pending: bool,
    ) -> u64 {
        let id = self.fresh_id();
        self.chain.push(ChainItem {
            id,
            controller,
            source,
            label: label.to_string(),
            effects,
            pending,
            triggered: false,
            snapshot: None,
            card: None,
            destination: None,
            enters_ready: false,
            restrict_choices: None,
        });
        id
    }

    /// Setup: a spell card already on the chain (pending, or finalized as a chain item), its
    /// targets already chosen (`effects` with `Target::Chosen`).
    pub fn setup_chain_card(
        &mut self,
        controller: PlayerId,
        card: ObjId,
        effects: Vec<Effect>,
        pending: bool,
    ) {
        let id = self.fresh_id();
        self.objects[card.0].zone = Zone::Chain;
        self.objects[card.0].base_controller = controller;
        let label = self.objects[card.0].def.name.clone();
        self.chain.push(ChainItem {
            id,
            controller,
            source: Some(card),
            label,
            effects,
            pending,
            triggered: false,
            snapshot: None,
            card: Some(card),
            destination: None,
            enters_ready: false,
            restrict_choices: None,
        });
    }

    /// Setup: who holds priority / focus.
    pub fn set_priority(&mut self, p: Option<PlayerId>) {
        self.priority = p;
    }
    pub fn set_focus(&mut self, p: Option<PlayerId>) {
        self.focus = p;
    }

    // ---- queries ----

    pub fn object(&self, id: ObjId) -> &Object {
        &self.objects[id.0]
    }
    pub fn player(&self, p: PlayerId) -> &Player {
        &self.players[p.0]
    }
    pub fn battlefield(&self, b: BfId) -> &Battlefield {
        &self.battlefields[b.0]
    }
    pub fn trace(&self) -> &Trace {
        &self.trace
    }
    pub fn winner(&self) -> Option<PlayerId> {
        self.winner
    }

    /// The winner with their teammates (484.6.a.3: teammates win together); empty while the
    /// game goes on.
    pub fn winners(&self) -> Vec<PlayerId> {
        let Some(w) = self.winner else {
            return Vec::new();
        };
        self.players
            .iter()
            .filter(|p| p.id == w || (p.team.is_some() && p.team == self.players[w.0].team))
            .map(|p| p.id)
            .collect()
    }
    pub fn chain(&self) -> &[ChainItem] {
        &self.chain
    }
    pub fn priority(&self) -> Option<PlayerId> {
        self.priority
    }
    pub fn focus(&self) -> Option<PlayerId> {
        self.focus
    }
    /// 478.3: the mode's Victory Score, increased by the battlefields in play that say so
    /// ("Increase the points needed to win the game by 1").
    pub fn victory_score(&self) -> i32 {
        self.battlefields
            .iter()
            .filter_map(|b| b.def.as_ref())
            .flat_map(|d| d.abilities.iter())
            .filter_map(|a| match a {
                super::objects::Ability::VictoryScoreIncrease(n) => Some(*n),
                _ => None,
            })
            .fold(self.mode.victory_score(), i32::saturating_add)
    }

    /// 307–310: the state of the turn.
    pub fn turn_state(&self) -> TurnState {
        TurnState {
            showdown: self.showdown.is_some() || self.combat.is_some(),
            closed: !self.chain.is_empty(),
        }
    }

    /// The decision the engine waits for, if any.
    pub fn pending_decision(&self) -> Option<&Decision> {
        self.decision.as_ref()
    }

    /// What the engine waits for.
    pub fn status(&self) -> Status {
        if self.winner.is_some() || self.players.iter().filter(|p| !p.lost).count() <= 1 {
            return Status::Over {
                winner: self.winner,
            };
        }
        if let Some(d) = &self.decision {
            return Status::Decision { player: d.player };
        }
        match self.priority {
            Some(p)
                if self.turn_state()
                    != (TurnState {
                        showdown: false,
                        closed: false,
                    }) =>
            {
                Status::Priority { player: p }
            }
            _ => Status::Idle {
                player: self.turn.player,
            },
        }
    }

    /// Objects in a zone, in order (decks: top first).
    pub fn objects_in(&self, zone: Zone) -> Vec<ObjId> {
        let mut v: Vec<&Object> = self.objects.iter().filter(|o| o.zone == zone).collect();
        v.sort_by_key(|o| o.position);
        v.into_iter().map(|o| o.id).collect()
    }

    /// Units at a board location.
    pub fn units_at(&self, zone: Zone) -> Vec<ObjId> {
        self.objects
            .iter()
            .filter(|o| o.zone == zone && o.is_unit())
            .map(|o| o.id)
            .collect()
    }

    /// Finds an object by name (case-insensitive); Err lists the candidates when the name is
    /// ambiguous (several) or unknown (empty list).
    pub fn find_object(&self, name: &str) -> Result<ObjId, Vec<ObjId>> {
        let v: Vec<ObjId> = self
            .objects
            .iter()
            .filter(|o| o.def.name.eq_ignore_ascii_case(name))
            .map(|o| o.id)
            .collect();
        if v.len() == 1 { Ok(v[0]) } else { Err(v) }
    }
    pub fn find_player(&self, name: &str) -> Option<PlayerId> {
        self.players
            .iter()
            .find(|p| p.name.eq_ignore_ascii_case(name))
            .map(|p| p.id)
    }
    pub fn find_battlefield(&self, name: &str) -> Option<BfId> {
        self.battlefields
            .iter()
            .find(|b| b.name.eq_ignore_ascii_case(name))
            .map(|b| b.id)
    }

    /// Everything in this game the engine does not model, as (name, text): report it before
    /// running.
    pub fn unsupported(&self) -> Vec<(String, String)> {
        let mut v = Vec::new();
        for o in &self.objects {
            for t in o.def.unsupported() {
                v.push((o.def.name.clone(), t));
            }
        }
        for b in &self.battlefields {
            if let Some(d) = &b.def {
                for t in d.unsupported() {
                    v.push((b.name.clone(), t));
                }
            }
        }
        v
    }

    /// Teammates (in team modes) are not opponents.
    pub fn opponents(&self, a: PlayerId, b: PlayerId) -> bool {
        a != b
            && match (self.players[a.0].team, self.players[b.0].team) {
                (Some(x), Some(y)) => x != y,
                _ => true,
            }
    }

    /// The next player in turn order after `p` (not lost).
    pub fn next_player(&self, p: PlayerId) -> PlayerId {
        let n = self.players.len();
        for i in 1..=n {
            let q = PlayerId((p.0 + i) % n);
            if !self.players[q.0].lost {
                return q;
            }
        }
        p
    }

    pub fn obj_name(&self, id: ObjId) -> &str {
        &self.objects[id.0].def.name
    }
    pub fn player_name(&self, p: PlayerId) -> &str {
        &self.players[p.0].name
    }
    pub fn bf_name(&self, b: BfId) -> &str {
        &self.battlefields[b.0].name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_set_victory_scores() {
        for m in Mode::NAMES {
            let mode = Mode::parse(m).expect("parses");
            let want = if *m == "magma-chamber" { 11 } else { 8 };
            assert_eq!(mode.victory_score(), want, "{m}");
        }
        assert!(Mode::parse("chess").is_none());
    }

    #[test]
    fn the_rng_is_seeded() {
        let mut a = Game::new(Mode::Duel, &["A", "B"], 42);
        let mut b = Game::new(Mode::Duel, &["A", "B"], 42);
        let mut c = Game::new(Mode::Duel, &["A", "B"], 43);
        let xs: Vec<u64> = (0..8).map(|_| a.random(1000)).collect();
        let ys: Vec<u64> = (0..8).map(|_| b.random(1000)).collect();
        let zs: Vec<u64> = (0..8).map(|_| c.random(1000)).collect();
        assert_eq!(xs, ys);
        assert_ne!(xs, zs);
        assert!(xs.iter().all(|x| *x < 1000));
    }

    #[test]
    fn turn_states_have_the_four_names_of_310() {
        let mut g = Game::new(Mode::Duel, &["A", "B"], 1);
        assert_eq!(g.turn_state().name(), "neutral-open");
        let bf = g.add_battlefield("X", None);
        g.setup_showdown(bf, PlayerId(0), None);
        assert_eq!(g.turn_state().name(), "showdown-open");
        g.setup_chain_item(PlayerId(0), None, "item", vec![], false);
        assert_eq!(g.turn_state().name(), "showdown-closed");
        assert_eq!(g.find_battlefield("x"), Some(bf));
        assert_eq!(g.find_player("b"), Some(PlayerId(1)));
    }
}
