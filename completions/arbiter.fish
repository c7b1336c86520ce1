# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_arbiter_global_optspecs
    string join \n color= json no-pager cards= h/help V/version
end

function __fish_arbiter_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_arbiter_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_arbiter_using_subcommand
    set -l cmd (__fish_arbiter_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c arbiter -n "__fish_arbiter_needs_command" -l color -d 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c arbiter -n "__fish_arbiter_needs_command" -l cards -d 'The card database to read (the community JSON format, or a YAML list in the scenario\'s card format); default $ARBITER_CARDS, else cards.json in the data directory' -r -F
complete -c arbiter -n "__fish_arbiter_needs_command" -l json -d 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
complete -c arbiter -n "__fish_arbiter_needs_command" -l no-pager -d 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
complete -c arbiter -n "__fish_arbiter_needs_command" -s h -l help -d 'Print help'
complete -c arbiter -n "__fish_arbiter_needs_command" -s V -l version -d 'Print version'
complete -c arbiter -n "__fish_arbiter_needs_command" -f -a "rule" -d 'Show a rule by id: its breadcrumb, text, examples and references'
complete -c arbiter -n "__fish_arbiter_needs_command" -f -a "toc" -d 'Table of contents: the sections of an edition, or one part'
complete -c arbiter -n "__fish_arbiter_needs_command" -f -a "define" -d 'Look a term up in the glossary: the rules that define and use it'
complete -c arbiter -n "__fish_arbiter_needs_command" -f -a "editions" -d 'The embedded rulebooks: game, edition, date, rule count, source file'
complete -c arbiter -n "__fish_arbiter_needs_command" -f -a "refs" -d 'What a rule links to, and every rule that links to it'
complete -c arbiter -n "__fish_arbiter_needs_command" -f -a "diff" -d 'What changed between two editions: every rule aligned, with word diffs'
complete -c arbiter -n "__fish_arbiter_needs_command" -f -a "export" -d 'Export every embedded edition as a static, offline, searchable web site'
complete -c arbiter -n "__fish_arbiter_needs_command" -f -a "search" -d 'Search the rules by words: ranked, typo-tolerant, with synonyms'
complete -c arbiter -n "__fish_arbiter_needs_command" -f -a "run" -d 'Run a scenario and print its timeline with rule citations'
complete -c arbiter -n "__fish_arbiter_needs_command" -f -a "test" -d 'Run every scenario in files or folders and report pass/fail'
complete -c arbiter -n "__fish_arbiter_needs_command" -f -a "check" -d 'Validate a scenario without running it'
complete -c arbiter -n "__fish_arbiter_needs_command" -f -a "card" -d 'Look a card up in the card database: its text, keywords linked to their rules, what governs it, and whether the engine models it'
complete -c arbiter -n "__fish_arbiter_needs_command" -f -a "cards" -d 'The card database: which file, how many cards; `cards coverage` for what the engine models'
complete -c arbiter -n "__fish_arbiter_needs_command" -f -a "deck" -d 'Deck lists: `deck check FILE` against deck construction'
complete -c arbiter -n "__fish_arbiter_needs_command" -f -a "repl" -d 'Step through a scenario: step, back, board, why, do, choose, save (see `help` inside)'
complete -c arbiter -n "__fish_arbiter_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c arbiter -n "__fish_arbiter_needs_command" -f -a "man" -d 'Print a man page (roff; also committed under man/): `arbiter man rule | man -l -`'
complete -c arbiter -n "__fish_arbiter_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c arbiter -n "__fish_arbiter_using_subcommand rule" -l depth -d 'How many levels of sub-rules to show beneath it' -r
complete -c arbiter -n "__fish_arbiter_using_subcommand rule" -l game -d 'The game: riftbound (default) or legions-of-will' -r -f -a "riftbound\t''
legions-of-will\t''"
complete -c arbiter -n "__fish_arbiter_using_subcommand rule" -l edition -d 'The edition, e.g. 2026-03-30 (default: the newest), 2025-06-02, web-older' -r -f -a "2026-03-30\t''
2025-06-02\t''
web-older\t''
2023-09-11\t''"
complete -c arbiter -n "__fish_arbiter_using_subcommand rule" -l color -d 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c arbiter -n "__fish_arbiter_using_subcommand rule" -l cards -d 'The card database to read (the community JSON format, or a YAML list in the scenario\'s card format); default $ARBITER_CARDS, else cards.json in the data directory' -r -F
complete -c arbiter -n "__fish_arbiter_using_subcommand rule" -l json -d 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
complete -c arbiter -n "__fish_arbiter_using_subcommand rule" -l no-pager -d 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
complete -c arbiter -n "__fish_arbiter_using_subcommand rule" -s h -l help -d 'Print help'
complete -c arbiter -n "__fish_arbiter_using_subcommand toc" -l game -d 'The game: riftbound (default) or legions-of-will' -r -f -a "riftbound\t''
legions-of-will\t''"
complete -c arbiter -n "__fish_arbiter_using_subcommand toc" -l edition -d 'The edition, e.g. 2026-03-30 (default: the newest), 2025-06-02, web-older' -r -f -a "2026-03-30\t''
2025-06-02\t''
web-older\t''
2023-09-11\t''"
complete -c arbiter -n "__fish_arbiter_using_subcommand toc" -l color -d 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c arbiter -n "__fish_arbiter_using_subcommand toc" -l cards -d 'The card database to read (the community JSON format, or a YAML list in the scenario\'s card format); default $ARBITER_CARDS, else cards.json in the data directory' -r -F
complete -c arbiter -n "__fish_arbiter_using_subcommand toc" -l json -d 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
complete -c arbiter -n "__fish_arbiter_using_subcommand toc" -l no-pager -d 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
complete -c arbiter -n "__fish_arbiter_using_subcommand toc" -s h -l help -d 'Print help'
complete -c arbiter -n "__fish_arbiter_using_subcommand define" -l game -d 'The game: riftbound (default) or legions-of-will' -r -f -a "riftbound\t''
legions-of-will\t''"
complete -c arbiter -n "__fish_arbiter_using_subcommand define" -l edition -d 'The edition, e.g. 2026-03-30 (default: the newest), 2025-06-02, web-older' -r -f -a "2026-03-30\t''
2025-06-02\t''
web-older\t''
2023-09-11\t''"
complete -c arbiter -n "__fish_arbiter_using_subcommand define" -l color -d 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c arbiter -n "__fish_arbiter_using_subcommand define" -l cards -d 'The card database to read (the community JSON format, or a YAML list in the scenario\'s card format); default $ARBITER_CARDS, else cards.json in the data directory' -r -F
complete -c arbiter -n "__fish_arbiter_using_subcommand define" -l json -d 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
complete -c arbiter -n "__fish_arbiter_using_subcommand define" -l no-pager -d 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
complete -c arbiter -n "__fish_arbiter_using_subcommand define" -s h -l help -d 'Print help'
complete -c arbiter -n "__fish_arbiter_using_subcommand editions" -l color -d 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c arbiter -n "__fish_arbiter_using_subcommand editions" -l cards -d 'The card database to read (the community JSON format, or a YAML list in the scenario\'s card format); default $ARBITER_CARDS, else cards.json in the data directory' -r -F
complete -c arbiter -n "__fish_arbiter_using_subcommand editions" -l json -d 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
complete -c arbiter -n "__fish_arbiter_using_subcommand editions" -l no-pager -d 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
complete -c arbiter -n "__fish_arbiter_using_subcommand editions" -s h -l help -d 'Print help'
complete -c arbiter -n "__fish_arbiter_using_subcommand refs" -l game -d 'The game: riftbound (default) or legions-of-will' -r -f -a "riftbound\t''
legions-of-will\t''"
complete -c arbiter -n "__fish_arbiter_using_subcommand refs" -l edition -d 'The edition, e.g. 2026-03-30 (default: the newest), 2025-06-02, web-older' -r -f -a "2026-03-30\t''
2025-06-02\t''
web-older\t''
2023-09-11\t''"
complete -c arbiter -n "__fish_arbiter_using_subcommand refs" -l color -d 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c arbiter -n "__fish_arbiter_using_subcommand refs" -l cards -d 'The card database to read (the community JSON format, or a YAML list in the scenario\'s card format); default $ARBITER_CARDS, else cards.json in the data directory' -r -F
complete -c arbiter -n "__fish_arbiter_using_subcommand refs" -l json -d 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
complete -c arbiter -n "__fish_arbiter_using_subcommand refs" -l no-pager -d 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
complete -c arbiter -n "__fish_arbiter_using_subcommand refs" -s h -l help -d 'Print help'
complete -c arbiter -n "__fish_arbiter_using_subcommand diff" -l game -d 'The game (default riftbound)' -r
complete -c arbiter -n "__fish_arbiter_using_subcommand diff" -l section -d 'Only rules numbered in this range in either edition, e.g. 500-512 or 139' -r
complete -c arbiter -n "__fish_arbiter_using_subcommand diff" -l only -d 'Only these relations (comma-separated): same, reworded, renumbered, renumbered+reworded, split, merged, removed, added' -r
complete -c arbiter -n "__fish_arbiter_using_subcommand diff" -l color -d 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c arbiter -n "__fish_arbiter_using_subcommand diff" -l cards -d 'The card database to read (the community JSON format, or a YAML list in the scenario\'s card format); default $ARBITER_CARDS, else cards.json in the data directory' -r -F
complete -c arbiter -n "__fish_arbiter_using_subcommand diff" -l json -d 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
complete -c arbiter -n "__fish_arbiter_using_subcommand diff" -l no-pager -d 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
complete -c arbiter -n "__fish_arbiter_using_subcommand diff" -s h -l help -d 'Print help'
complete -c arbiter -n "__fish_arbiter_using_subcommand export" -l color -d 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c arbiter -n "__fish_arbiter_using_subcommand export" -l cards -d 'The card database to read (the community JSON format, or a YAML list in the scenario\'s card format); default $ARBITER_CARDS, else cards.json in the data directory' -r -F
complete -c arbiter -n "__fish_arbiter_using_subcommand export" -l json -d 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
complete -c arbiter -n "__fish_arbiter_using_subcommand export" -l no-pager -d 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
complete -c arbiter -n "__fish_arbiter_using_subcommand export" -s h -l help -d 'Print help'
complete -c arbiter -n "__fish_arbiter_using_subcommand search" -s n -l limit -d 'How many hits to show' -r
complete -c arbiter -n "__fish_arbiter_using_subcommand search" -l section -d 'Only rules in these sections: 454-461, 454, or 454.2 and its sub-rules' -r
complete -c arbiter -n "__fish_arbiter_using_subcommand search" -l game -d 'The game: riftbound (default) or legions-of-will' -r
complete -c arbiter -n "__fish_arbiter_using_subcommand search" -l edition -d 'The edition, e.g. 2026-03-30 (default: the newest of the game)' -r
complete -c arbiter -n "__fish_arbiter_using_subcommand search" -l color -d 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c arbiter -n "__fish_arbiter_using_subcommand search" -l cards -d 'The card database to read (the community JSON format, or a YAML list in the scenario\'s card format); default $ARBITER_CARDS, else cards.json in the data directory' -r -F
complete -c arbiter -n "__fish_arbiter_using_subcommand search" -l all-editions -d 'Search every embedded edition (of --game, if given)'
complete -c arbiter -n "__fish_arbiter_using_subcommand search" -l words-only -d 'Rank by the words alone: a question (four words or more) is otherwise also ranked by its meaning, with a sentence model built in'
complete -c arbiter -n "__fish_arbiter_using_subcommand search" -l rebuild -d 'Rebuild the cached index first'
complete -c arbiter -n "__fish_arbiter_using_subcommand search" -l json -d 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
complete -c arbiter -n "__fish_arbiter_using_subcommand search" -l no-pager -d 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
complete -c arbiter -n "__fish_arbiter_using_subcommand search" -s h -l help -d 'Print help'
complete -c arbiter -n "__fish_arbiter_using_subcommand run" -l color -d 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c arbiter -n "__fish_arbiter_using_subcommand run" -l cards -d 'The card database to read (the community JSON format, or a YAML list in the scenario\'s card format); default $ARBITER_CARDS, else cards.json in the data directory' -r -F
complete -c arbiter -n "__fish_arbiter_using_subcommand run" -l explain -d 'Print each cited rule\'s text beneath the first line that cites it'
complete -c arbiter -n "__fish_arbiter_using_subcommand run" -l json -d 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
complete -c arbiter -n "__fish_arbiter_using_subcommand run" -l no-pager -d 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
complete -c arbiter -n "__fish_arbiter_using_subcommand run" -s h -l help -d 'Print help'
complete -c arbiter -n "__fish_arbiter_using_subcommand test" -l color -d 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c arbiter -n "__fish_arbiter_using_subcommand test" -l cards -d 'The card database to read (the community JSON format, or a YAML list in the scenario\'s card format); default $ARBITER_CARDS, else cards.json in the data directory' -r -F
complete -c arbiter -n "__fish_arbiter_using_subcommand test" -l json -d 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
complete -c arbiter -n "__fish_arbiter_using_subcommand test" -l no-pager -d 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
complete -c arbiter -n "__fish_arbiter_using_subcommand test" -s h -l help -d 'Print help'
complete -c arbiter -n "__fish_arbiter_using_subcommand check" -l color -d 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c arbiter -n "__fish_arbiter_using_subcommand check" -l cards -d 'The card database to read (the community JSON format, or a YAML list in the scenario\'s card format); default $ARBITER_CARDS, else cards.json in the data directory' -r -F
complete -c arbiter -n "__fish_arbiter_using_subcommand check" -l json -d 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
complete -c arbiter -n "__fish_arbiter_using_subcommand check" -l no-pager -d 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
complete -c arbiter -n "__fish_arbiter_using_subcommand check" -s h -l help -d 'Print help'
complete -c arbiter -n "__fish_arbiter_using_subcommand card" -l color -d 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c arbiter -n "__fish_arbiter_using_subcommand card" -l cards -d 'The card database to read (the community JSON format, or a YAML list in the scenario\'s card format); default $ARBITER_CARDS, else cards.json in the data directory' -r -F
complete -c arbiter -n "__fish_arbiter_using_subcommand card" -l json -d 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
complete -c arbiter -n "__fish_arbiter_using_subcommand card" -l no-pager -d 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
complete -c arbiter -n "__fish_arbiter_using_subcommand card" -s h -l help -d 'Print help'
complete -c arbiter -n "__fish_arbiter_using_subcommand cards; and not __fish_seen_subcommand_from coverage help" -l color -d 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c arbiter -n "__fish_arbiter_using_subcommand cards; and not __fish_seen_subcommand_from coverage help" -l cards -d 'The card database to read (the community JSON format, or a YAML list in the scenario\'s card format); default $ARBITER_CARDS, else cards.json in the data directory' -r -F
complete -c arbiter -n "__fish_arbiter_using_subcommand cards; and not __fish_seen_subcommand_from coverage help" -l json -d 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
complete -c arbiter -n "__fish_arbiter_using_subcommand cards; and not __fish_seen_subcommand_from coverage help" -l no-pager -d 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
complete -c arbiter -n "__fish_arbiter_using_subcommand cards; and not __fish_seen_subcommand_from coverage help" -s h -l help -d 'Print help'
complete -c arbiter -n "__fish_arbiter_using_subcommand cards; and not __fish_seen_subcommand_from coverage help" -f -a "coverage" -d 'How many cards the engine models fully, and the phrases and keywords it does not'
complete -c arbiter -n "__fish_arbiter_using_subcommand cards; and not __fish_seen_subcommand_from coverage help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c arbiter -n "__fish_arbiter_using_subcommand cards; and __fish_seen_subcommand_from coverage" -l color -d 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c arbiter -n "__fish_arbiter_using_subcommand cards; and __fish_seen_subcommand_from coverage" -l cards -d 'The card database to read (the community JSON format, or a YAML list in the scenario\'s card format); default $ARBITER_CARDS, else cards.json in the data directory' -r -F
complete -c arbiter -n "__fish_arbiter_using_subcommand cards; and __fish_seen_subcommand_from coverage" -l json -d 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
complete -c arbiter -n "__fish_arbiter_using_subcommand cards; and __fish_seen_subcommand_from coverage" -l no-pager -d 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
complete -c arbiter -n "__fish_arbiter_using_subcommand cards; and __fish_seen_subcommand_from coverage" -s h -l help -d 'Print help'
complete -c arbiter -n "__fish_arbiter_using_subcommand cards; and __fish_seen_subcommand_from help" -f -a "coverage" -d 'How many cards the engine models fully, and the phrases and keywords it does not'
complete -c arbiter -n "__fish_arbiter_using_subcommand cards; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c arbiter -n "__fish_arbiter_using_subcommand deck; and not __fish_seen_subcommand_from check help" -l color -d 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c arbiter -n "__fish_arbiter_using_subcommand deck; and not __fish_seen_subcommand_from check help" -l cards -d 'The card database to read (the community JSON format, or a YAML list in the scenario\'s card format); default $ARBITER_CARDS, else cards.json in the data directory' -r -F
complete -c arbiter -n "__fish_arbiter_using_subcommand deck; and not __fish_seen_subcommand_from check help" -l json -d 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
complete -c arbiter -n "__fish_arbiter_using_subcommand deck; and not __fish_seen_subcommand_from check help" -l no-pager -d 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
complete -c arbiter -n "__fish_arbiter_using_subcommand deck; and not __fish_seen_subcommand_from check help" -s h -l help -d 'Print help'
complete -c arbiter -n "__fish_arbiter_using_subcommand deck; and not __fish_seen_subcommand_from check help" -f -a "check" -d 'Check a deck list against deck construction (101–103, 825, Signature cards, bans)'
complete -c arbiter -n "__fish_arbiter_using_subcommand deck; and not __fish_seen_subcommand_from check help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c arbiter -n "__fish_arbiter_using_subcommand deck; and __fish_seen_subcommand_from check" -l color -d 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c arbiter -n "__fish_arbiter_using_subcommand deck; and __fish_seen_subcommand_from check" -l cards -d 'The card database to read (the community JSON format, or a YAML list in the scenario\'s card format); default $ARBITER_CARDS, else cards.json in the data directory' -r -F
complete -c arbiter -n "__fish_arbiter_using_subcommand deck; and __fish_seen_subcommand_from check" -l json -d 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
complete -c arbiter -n "__fish_arbiter_using_subcommand deck; and __fish_seen_subcommand_from check" -l no-pager -d 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
complete -c arbiter -n "__fish_arbiter_using_subcommand deck; and __fish_seen_subcommand_from check" -s h -l help -d 'Print help'
complete -c arbiter -n "__fish_arbiter_using_subcommand deck; and __fish_seen_subcommand_from help" -f -a "check" -d 'Check a deck list against deck construction (101–103, 825, Signature cards, bans)'
complete -c arbiter -n "__fish_arbiter_using_subcommand deck; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c arbiter -n "__fish_arbiter_using_subcommand repl" -l color -d 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c arbiter -n "__fish_arbiter_using_subcommand repl" -l cards -d 'The card database to read (the community JSON format, or a YAML list in the scenario\'s card format); default $ARBITER_CARDS, else cards.json in the data directory' -r -F
complete -c arbiter -n "__fish_arbiter_using_subcommand repl" -l json -d 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
complete -c arbiter -n "__fish_arbiter_using_subcommand repl" -l no-pager -d 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
complete -c arbiter -n "__fish_arbiter_using_subcommand repl" -s h -l help -d 'Print help'
complete -c arbiter -n "__fish_arbiter_using_subcommand completions" -l color -d 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c arbiter -n "__fish_arbiter_using_subcommand completions" -l cards -d 'The card database to read (the community JSON format, or a YAML list in the scenario\'s card format); default $ARBITER_CARDS, else cards.json in the data directory' -r -F
complete -c arbiter -n "__fish_arbiter_using_subcommand completions" -l json -d 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
complete -c arbiter -n "__fish_arbiter_using_subcommand completions" -l no-pager -d 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
complete -c arbiter -n "__fish_arbiter_using_subcommand completions" -s h -l help -d 'Print help'
complete -c arbiter -n "__fish_arbiter_using_subcommand man" -l color -d 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)' -r -f -a "auto\t''
always\t''
never\t''"
complete -c arbiter -n "__fish_arbiter_using_subcommand man" -l cards -d 'The card database to read (the community JSON format, or a YAML list in the scenario\'s card format); default $ARBITER_CARDS, else cards.json in the data directory' -r -F
complete -c arbiter -n "__fish_arbiter_using_subcommand man" -l list -d 'List the commands that have a page, one per line'
complete -c arbiter -n "__fish_arbiter_using_subcommand man" -l json -d 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)'
complete -c arbiter -n "__fish_arbiter_using_subcommand man" -l no-pager -d 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)'
complete -c arbiter -n "__fish_arbiter_using_subcommand man" -s h -l help -d 'Print help'
complete -c arbiter -n "__fish_arbiter_using_subcommand help; and not __fish_seen_subcommand_from rule toc define editions refs diff export search run test check card cards deck repl completions man help" -f -a "rule" -d 'Show a rule by id: its breadcrumb, text, examples and references'
complete -c arbiter -n "__fish_arbiter_using_subcommand help; and not __fish_seen_subcommand_from rule toc define editions refs diff export search run test check card cards deck repl completions man help" -f -a "toc" -d 'Table of contents: the sections of an edition, or one part'
complete -c arbiter -n "__fish_arbiter_using_subcommand help; and not __fish_seen_subcommand_from rule toc define editions refs diff export search run test check card cards deck repl completions man help" -f -a "define" -d 'Look a term up in the glossary: the rules that define and use it'
complete -c arbiter -n "__fish_arbiter_using_subcommand help; and not __fish_seen_subcommand_from rule toc define editions refs diff export search run test check card cards deck repl completions man help" -f -a "editions" -d 'The embedded rulebooks: game, edition, date, rule count, source file'
complete -c arbiter -n "__fish_arbiter_using_subcommand help; and not __fish_seen_subcommand_from rule toc define editions refs diff export search run test check card cards deck repl completions man help" -f -a "refs" -d 'What a rule links to, and every rule that links to it'
complete -c arbiter -n "__fish_arbiter_using_subcommand help; and not __fish_seen_subcommand_from rule toc define editions refs diff export search run test check card cards deck repl completions man help" -f -a "diff" -d 'What changed between two editions: every rule aligned, with word diffs'
complete -c arbiter -n "__fish_arbiter_using_subcommand help; and not __fish_seen_subcommand_from rule toc define editions refs diff export search run test check card cards deck repl completions man help" -f -a "export" -d 'Export every embedded edition as a static, offline, searchable web site'
complete -c arbiter -n "__fish_arbiter_using_subcommand help; and not __fish_seen_subcommand_from rule toc define editions refs diff export search run test check card cards deck repl completions man help" -f -a "search" -d 'Search the rules by words: ranked, typo-tolerant, with synonyms'
complete -c arbiter -n "__fish_arbiter_using_subcommand help; and not __fish_seen_subcommand_from rule toc define editions refs diff export search run test check card cards deck repl completions man help" -f -a "run" -d 'Run a scenario and print its timeline with rule citations'
complete -c arbiter -n "__fish_arbiter_using_subcommand help; and not __fish_seen_subcommand_from rule toc define editions refs diff export search run test check card cards deck repl completions man help" -f -a "test" -d 'Run every scenario in files or folders and report pass/fail'
complete -c arbiter -n "__fish_arbiter_using_subcommand help; and not __fish_seen_subcommand_from rule toc define editions refs diff export search run test check card cards deck repl completions man help" -f -a "check" -d 'Validate a scenario without running it'
complete -c arbiter -n "__fish_arbiter_using_subcommand help; and not __fish_seen_subcommand_from rule toc define editions refs diff export search run test check card cards deck repl completions man help" -f -a "card" -d 'Look a card up in the card database: its text, keywords linked to their rules, what governs it, and whether the engine models it'
complete -c arbiter -n "__fish_arbiter_using_subcommand help; and not __fish_seen_subcommand_from rule toc define editions refs diff export search run test check card cards deck repl completions man help" -f -a "cards" -d 'The card database: which file, how many cards; `cards coverage` for what the engine models'
complete -c arbiter -n "__fish_arbiter_using_subcommand help; and not __fish_seen_subcommand_from rule toc define editions refs diff export search run test check card cards deck repl completions man help" -f -a "deck" -d 'Deck lists: `deck check FILE` against deck construction'
complete -c arbiter -n "__fish_arbiter_using_subcommand help; and not __fish_seen_subcommand_from rule toc define editions refs diff export search run test check card cards deck repl completions man help" -f -a "repl" -d 'Step through a scenario: step, back, board, why, do, choose, save (see `help` inside)'
complete -c arbiter -n "__fish_arbiter_using_subcommand help; and not __fish_seen_subcommand_from rule toc define editions refs diff export search run test check card cards deck repl completions man help" -f -a "completions" -d 'Print a shell completion script'
complete -c arbiter -n "__fish_arbiter_using_subcommand help; and not __fish_seen_subcommand_from rule toc define editions refs diff export search run test check card cards deck repl completions man help" -f -a "man" -d 'Print a man page (roff; also committed under man/): `arbiter man rule | man -l -`'
complete -c arbiter -n "__fish_arbiter_using_subcommand help; and not __fish_seen_subcommand_from rule toc define editions refs diff export search run test check card cards deck repl completions man help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c arbiter -n "__fish_arbiter_using_subcommand help; and __fish_seen_subcommand_from cards" -f -a "coverage" -d 'How many cards the engine models fully, and the phrases and keywords it does not'
complete -c arbiter -n "__fish_arbiter_using_subcommand help; and __fish_seen_subcommand_from deck" -f -a "check" -d 'Check a deck list against deck construction (101–103, 825, Signature cards, bans)'
