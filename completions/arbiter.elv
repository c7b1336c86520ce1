
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
            cand --json 'Print JSON instead of text (stable field names, see the README)'
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
            cand search 'Search the rules by words: ranked, typo-tolerant, with synonyms'
            cand run 'Run a scenario and print its timeline with rule citations'
            cand test 'Run every scenario in files or folders and report pass/fail'
            cand check 'Validate a scenario without running it'
            cand completions 'Print a shell completion script'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'arbiter;rule'= {
            cand --depth 'How many levels of sub-rules to show beneath it'
            cand --game 'The game: riftbound (default) or legions-of-will'
            cand --edition 'The edition, e.g. 2026-03-30 (default: the newest), 2025-06-02, web-older'
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --json 'Print JSON instead of text (stable field names, see the README)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'arbiter;toc'= {
            cand --game 'The game: riftbound (default) or legions-of-will'
            cand --edition 'The edition, e.g. 2026-03-30 (default: the newest), 2025-06-02, web-older'
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --json 'Print JSON instead of text (stable field names, see the README)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'arbiter;define'= {
            cand --game 'The game: riftbound (default) or legions-of-will'
            cand --edition 'The edition, e.g. 2026-03-30 (default: the newest), 2025-06-02, web-older'
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --json 'Print JSON instead of text (stable field names, see the README)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'arbiter;editions'= {
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --json 'Print JSON instead of text (stable field names, see the README)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'arbiter;refs'= {
            cand --game 'The game: riftbound (default) or legions-of-will'
            cand --edition 'The edition, e.g. 2026-03-30 (default: the newest), 2025-06-02, web-older'
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --json 'Print JSON instead of text (stable field names, see the README)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'arbiter;diff'= {
            cand --game 'The game (default riftbound)'
            cand --section 'Only rules numbered in this range in either edition, e.g. 500-512 or 139'
            cand --only 'Only these relations (comma-separated): same, reworded, renumbered, renumbered+reworded, split, merged, removed, added'
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --json 'Print JSON instead of text (stable field names, see the README)'
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
            cand --all-editions 'Search every embedded edition (of --game, if given)'
            cand --rebuild 'Rebuild the cached index first'
            cand --json 'Print JSON instead of text (stable field names, see the README)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'arbiter;run'= {
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --explain 'Print each cited rule''s text beneath the first line that cites it'
            cand --json 'Print JSON instead of text (stable field names, see the README)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'arbiter;test'= {
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --json 'Print JSON instead of text (stable field names, see the README)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'arbiter;check'= {
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --json 'Print JSON instead of text (stable field names, see the README)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'arbiter;completions'= {
            cand --color 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)'
            cand --json 'Print JSON instead of text (stable field names, see the README)'
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
            cand search 'Search the rules by words: ranked, typo-tolerant, with synonyms'
            cand run 'Run a scenario and print its timeline with rule citations'
            cand test 'Run every scenario in files or folders and report pass/fail'
            cand check 'Validate a scenario without running it'
            cand completions 'Print a shell completion script'
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
        &'arbiter;help;search'= {
        }
        &'arbiter;help;run'= {
        }
        &'arbiter;help;test'= {
        }
        &'arbiter;help;check'= {
        }
        &'arbiter;help;completions'= {
        }
        &'arbiter;help;help'= {
        }
    ]
    $completions[$command]
}
