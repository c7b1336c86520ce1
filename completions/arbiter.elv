
use builtin;
use str;

set edit:completion:arg-completer[arbiter] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'arbiter'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'arbiter'= {
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --cards 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory'
            cand --json 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
            cand --no-pager 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand rule 'Show a rule by id: its breadcrumb, text, examples and references'
            cand toc 'Table of contents: the sections of an edition, or one part'
            cand define 'Look a term up in the glossary: the rules that define and use it'
            cand editions 'The embedded rulebooks: game, edition, date, rule count, source file'
            cand refs 'What a rule links to, and every rule that links to it'
            cand diff 'What changed between two editions: every rule aligned, with word diffs'
            cand export 'Export every embedded edition as a static, offline, searchable web site'
            cand search 'Search the rules by words: ranked, typo-tolerant, with synonyms'
            cand run 'Run a scenario and print its timeline with rule citations'
            cand test 'Run every scenario in files or folders and report pass/fail'
            cand check 'Validate a scenario without running it'
            cand card 'Look a card up in the card database: its text, keywords linked to their rules, what governs it, and whether the engine models it'
            cand cards 'The card database: which file, how many cards; `cards coverage` for what the engine models'
            cand deck 'Deck lists: `deck check FILE` against deck construction'
            cand repl 'Step through a scenario: step, back, board, why, do, choose, save (see `help` inside)'
            cand completions 'Print a shell completion script'
            cand man 'Print a man page (roff; also committed under man/): `arbiter man rule | man -l -`'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'arbiter;rule'= {
            cand --depth 'How many levels of sub-rules to show beneath it'
            cand --game 'The game: riftbound (default) or legions-of-will'
            cand --edition 'The edition, e.g. 2026-03-30 (default: the newest), 2025-06-02, web-older'
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --cards 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory'
            cand --json 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
            cand --no-pager 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'arbiter;toc'= {
            cand --game 'The game: riftbound (default) or legions-of-will'
            cand --edition 'The edition, e.g. 2026-03-30 (default: the newest), 2025-06-02, web-older'
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --cards 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory'
            cand --json 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
            cand --no-pager 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'arbiter;define'= {
            cand --game 'The game: riftbound (default) or legions-of-will'
            cand --edition 'The edition, e.g. 2026-03-30 (default: the newest), 2025-06-02, web-older'
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --cards 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory'
            cand --json 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
            cand --no-pager 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'arbiter;editions'= {
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --cards 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory'
            cand --json 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
            cand --no-pager 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'arbiter;refs'= {
            cand --game 'The game: riftbound (default) or legions-of-will'
            cand --edition 'The edition, e.g. 2026-03-30 (default: the newest), 2025-06-02, web-older'
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --cards 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory'
            cand --json 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
            cand --no-pager 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'arbiter;diff'= {
            cand --game 'The game (default riftbound)'
            cand --section 'Only rules numbered in this range in either edition, e.g. 500-512 or 139'
            cand --only 'Only these relations (comma-separated): same, reworded, renumbered, renumbered+reworded, split, merged, removed, added'
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --cards 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory'
            cand --json 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
            cand --no-pager 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'arbiter;export'= {
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --cards 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory'
            cand --json 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
            cand --no-pager 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'arbiter;search'= {
            cand -n 'How many hits to show'
            cand --limit 'How many hits to show'
            cand --section 'Only rules in these sections: 454-461, 454, or 454.2 and its sub-rules'
            cand --game 'The game: riftbound (default) or legions-of-will'
            cand --edition 'The edition, e.g. 2026-03-30 (default: the newest of the game)'
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --cards 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory'
            cand --all-editions 'Search every embedded edition (of --game, if given)'
            cand --words-only 'Rank by the words alone: a question (four words or more) is otherwise also ranked by its meaning, with a sentence model built in'
            cand --rebuild 'Rebuild the cached index first'
            cand --json 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
            cand --no-pager 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'arbiter;run'= {
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --cards 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory'
            cand --explain 'Print each cited rule''s text beneath the first line that cites it'
            cand --json 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
            cand --no-pager 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'arbiter;test'= {
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --cards 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory'
            cand --json 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
            cand --no-pager 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'arbiter;check'= {
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --cards 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory'
            cand --json 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
            cand --no-pager 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'arbiter;card'= {
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --cards 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory'
            cand --json 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
            cand --no-pager 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'arbiter;cards'= {
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --cards 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory'
            cand --json 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
            cand --no-pager 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand coverage 'How many cards the engine models fully, and the phrases and keywords it does not'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'arbiter;cards;coverage'= {
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --cards 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory'
            cand --json 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
            cand --no-pager 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'arbiter;cards;help'= {
            cand coverage 'How many cards the engine models fully, and the phrases and keywords it does not'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'arbiter;cards;help;coverage'= {
        }
        &'arbiter;cards;help;help'= {
        }
        &'arbiter;deck'= {
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --cards 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory'
            cand --json 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
            cand --no-pager 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand check 'Check a deck list against deck construction (101–103, 825, Signature cards, bans)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'arbiter;deck;check'= {
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --cards 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory'
            cand --json 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
            cand --no-pager 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'arbiter;deck;help'= {
            cand check 'Check a deck list against deck construction (101–103, 825, Signature cards, bans)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'arbiter;deck;help;check'= {
        }
        &'arbiter;deck;help;help'= {
        }
        &'arbiter;repl'= {
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --cards 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory'
            cand --json 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
            cand --no-pager 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'arbiter;completions'= {
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --cards 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory'
            cand --json 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
            cand --no-pager 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'arbiter;man'= {
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --cards 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory'
            cand --list 'List the commands that have a page, one per line'
            cand --json 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
            cand --no-pager 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'arbiter;help'= {
            cand rule 'Show a rule by id: its breadcrumb, text, examples and references'
            cand toc 'Table of contents: the sections of an edition, or one part'
            cand define 'Look a term up in the glossary: the rules that define and use it'
            cand editions 'The embedded rulebooks: game, edition, date, rule count, source file'
            cand refs 'What a rule links to, and every rule that links to it'
            cand diff 'What changed between two editions: every rule aligned, with word diffs'
            cand export 'Export every embedded edition as a static, offline, searchable web site'
            cand search 'Search the rules by words: ranked, typo-tolerant, with synonyms'
            cand run 'Run a scenario and print its timeline with rule citations'
            cand test 'Run every scenario in files or folders and report pass/fail'
            cand check 'Validate a scenario without running it'
            cand card 'Look a card up in the card database: its text, keywords linked to their rules, what governs it, and whether the engine models it'
            cand cards 'The card database: which file, how many cards; `cards coverage` for what the engine models'
            cand deck 'Deck lists: `deck check FILE` against deck construction'
            cand repl 'Step through a scenario: step, back, board, why, do, choose, save (see `help` inside)'
            cand completions 'Print a shell completion script'
            cand man 'Print a man page (roff; also committed under man/): `arbiter man rule | man -l -`'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'arbiter;help;rule'= {
        }
        &'arbiter;help;toc'= {
        }
        &'arbiter;help;define'= {
        }
        &'arbiter;help;editions'= {
        }
        &'arbiter;help;refs'= {
        }
        &'arbiter;help;diff'= {
        }
        &'arbiter;help;export'= {
        }
        &'arbiter;help;search'= {
        }
        &'arbiter;help;run'= {
        }
        &'arbiter;help;test'= {
        }
        &'arbiter;help;check'= {
        }
        &'arbiter;help;card'= {
        }
        &'arbiter;help;cards'= {
            cand coverage 'How many cards the engine models fully, and the phrases and keywords it does not'
        }
        &'arbiter;help;cards;coverage'= {
        }
        &'arbiter;help;deck'= {
            cand check 'Check a deck list against deck construction (101–103, 825, Signature cards, bans)'
        }
        &'arbiter;help;deck;check'= {
        }
        &'arbiter;help;repl'= {
        }
        &'arbiter;help;completions'= {
        }
        &'arbiter;help;man'= {
        }
        &'arbiter;help;help'= {
        }
    ]
    $completions[$command]
}
