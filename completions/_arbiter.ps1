
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'arbiter' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'arbiter'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'arbiter' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)')
            [CompletionResult]::new('--cards', '--cards', [CompletionResultType]::ParameterName, 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('rule', 'rule', [CompletionResultType]::ParameterValue, 'Show a rule by id: its breadcrumb, text, examples and references')
            [CompletionResult]::new('toc', 'toc', [CompletionResultType]::ParameterValue, 'Table of contents: the sections of an edition, or one part')
            [CompletionResult]::new('define', 'define', [CompletionResultType]::ParameterValue, 'Look a term up in the glossary: the rules that define and use it')
            [CompletionResult]::new('editions', 'editions', [CompletionResultType]::ParameterValue, 'The embedded rulebooks: game, edition, date, rule count, source file')
            [CompletionResult]::new('refs', 'refs', [CompletionResultType]::ParameterValue, 'What a rule links to, and every rule that links to it')
            [CompletionResult]::new('diff', 'diff', [CompletionResultType]::ParameterValue, 'What changed between two editions: every rule aligned, with word diffs')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Export every embedded edition as a static, offline, searchable web site')
            [CompletionResult]::new('search', 'search', [CompletionResultType]::ParameterValue, 'Search the rules by words: ranked, typo-tolerant, with synonyms')
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Run a scenario and print its timeline with rule citations')
            [CompletionResult]::new('test', 'test', [CompletionResultType]::ParameterValue, 'Run every scenario in files or folders and report pass/fail')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Validate a scenario without running it')
            [CompletionResult]::new('card', 'card', [CompletionResultType]::ParameterValue, 'Look a card up in the card database: its text, keywords linked to their rules, what governs it, and whether the engine models it')
            [CompletionResult]::new('cards', 'cards', [CompletionResultType]::ParameterValue, 'The card database: which file, how many cards; `cards coverage` for what the engine models')
            [CompletionResult]::new('deck', 'deck', [CompletionResultType]::ParameterValue, 'Deck lists: `deck check FILE` against deck construction')
            [CompletionResult]::new('repl', 'repl', [CompletionResultType]::ParameterValue, 'Step through a scenario: step, back, board, why, do, choose, save (see `help` inside)')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print a man page (roff; also committed under man/): `arbiter man rule | man -l -`')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'arbiter;rule' {
            [CompletionResult]::new('--depth', '--depth', [CompletionResultType]::ParameterName, 'How many levels of sub-rules to show beneath it')
            [CompletionResult]::new('--game', '--game', [CompletionResultType]::ParameterName, 'The game: riftbound (default) or legions-of-will')
            [CompletionResult]::new('--edition', '--edition', [CompletionResultType]::ParameterName, 'The edition, e.g. 2026-03-30 (default: the newest), 2025-06-02, web-older')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)')
            [CompletionResult]::new('--cards', '--cards', [CompletionResultType]::ParameterName, 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'arbiter;toc' {
            [CompletionResult]::new('--game', '--game', [CompletionResultType]::ParameterName, 'The game: riftbound (default) or legions-of-will')
            [CompletionResult]::new('--edition', '--edition', [CompletionResultType]::ParameterName, 'The edition, e.g. 2026-03-30 (default: the newest), 2025-06-02, web-older')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)')
            [CompletionResult]::new('--cards', '--cards', [CompletionResultType]::ParameterName, 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'arbiter;define' {
            [CompletionResult]::new('--game', '--game', [CompletionResultType]::ParameterName, 'The game: riftbound (default) or legions-of-will')
            [CompletionResult]::new('--edition', '--edition', [CompletionResultType]::ParameterName, 'The edition, e.g. 2026-03-30 (default: the newest), 2025-06-02, web-older')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)')
            [CompletionResult]::new('--cards', '--cards', [CompletionResultType]::ParameterName, 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'arbiter;editions' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)')
            [CompletionResult]::new('--cards', '--cards', [CompletionResultType]::ParameterName, 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'arbiter;refs' {
            [CompletionResult]::new('--game', '--game', [CompletionResultType]::ParameterName, 'The game: riftbound (default) or legions-of-will')
            [CompletionResult]::new('--edition', '--edition', [CompletionResultType]::ParameterName, 'The edition, e.g. 2026-03-30 (default: the newest), 2025-06-02, web-older')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)')
            [CompletionResult]::new('--cards', '--cards', [CompletionResultType]::ParameterName, 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'arbiter;diff' {
            [CompletionResult]::new('--game', '--game', [CompletionResultType]::ParameterName, 'The game (default riftbound)')
            [CompletionResult]::new('--section', '--section', [CompletionResultType]::ParameterName, 'Only rules numbered in this range in either edition, e.g. 500-512 or 139')
            [CompletionResult]::new('--only', '--only', [CompletionResultType]::ParameterName, 'Only these relations (comma-separated): same, reworded, renumbered, renumbered+reworded, split, merged, removed, added')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)')
            [CompletionResult]::new('--cards', '--cards', [CompletionResultType]::ParameterName, 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'arbiter;export' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)')
            [CompletionResult]::new('--cards', '--cards', [CompletionResultType]::ParameterName, 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'arbiter;search' {
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'How many hits to show')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'How many hits to show')
            [CompletionResult]::new('--section', '--section', [CompletionResultType]::ParameterName, 'Only rules in these sections: 454-461, 454, or 454.2 and its sub-rules')
            [CompletionResult]::new('--game', '--game', [CompletionResultType]::ParameterName, 'The game: riftbound (default) or legions-of-will')
            [CompletionResult]::new('--edition', '--edition', [CompletionResultType]::ParameterName, 'The edition, e.g. 2026-03-30 (default: the newest of the game)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)')
            [CompletionResult]::new('--cards', '--cards', [CompletionResultType]::ParameterName, 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory')
            [CompletionResult]::new('--all-editions', '--all-editions', [CompletionResultType]::ParameterName, 'Search every embedded edition (of --game, if given)')
            [CompletionResult]::new('--words-only', '--words-only', [CompletionResultType]::ParameterName, 'Rank by the words alone: a question (four words or more) is otherwise also ranked by its meaning, with a sentence model built in')
            [CompletionResult]::new('--rebuild', '--rebuild', [CompletionResultType]::ParameterName, 'Rebuild the cached index first')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'arbiter;run' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)')
            [CompletionResult]::new('--cards', '--cards', [CompletionResultType]::ParameterName, 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory')
            [CompletionResult]::new('--explain', '--explain', [CompletionResultType]::ParameterName, 'Print each cited rule''s text beneath the first line that cites it')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'arbiter;test' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)')
            [CompletionResult]::new('--cards', '--cards', [CompletionResultType]::ParameterName, 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'arbiter;check' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)')
            [CompletionResult]::new('--cards', '--cards', [CompletionResultType]::ParameterName, 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'arbiter;card' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)')
            [CompletionResult]::new('--cards', '--cards', [CompletionResultType]::ParameterName, 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'arbiter;cards' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)')
            [CompletionResult]::new('--cards', '--cards', [CompletionResultType]::ParameterName, 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('coverage', 'coverage', [CompletionResultType]::ParameterValue, 'How many cards the engine models fully, and the phrases and keywords it does not')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'arbiter;cards;coverage' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)')
            [CompletionResult]::new('--cards', '--cards', [CompletionResultType]::ParameterName, 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'arbiter;cards;help' {
            [CompletionResult]::new('coverage', 'coverage', [CompletionResultType]::ParameterValue, 'How many cards the engine models fully, and the phrases and keywords it does not')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'arbiter;cards;help;coverage' {
            break
        }
        'arbiter;cards;help;help' {
            break
        }
        'arbiter;deck' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)')
            [CompletionResult]::new('--cards', '--cards', [CompletionResultType]::ParameterName, 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Check a deck list against deck construction (101–103, 825, Signature cards, bans)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'arbiter;deck;check' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)')
            [CompletionResult]::new('--cards', '--cards', [CompletionResultType]::ParameterName, 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'arbiter;deck;help' {
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Check a deck list against deck construction (101–103, 825, Signature cards, bans)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'arbiter;deck;help;check' {
            break
        }
        'arbiter;deck;help;help' {
            break
        }
        'arbiter;repl' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)')
            [CompletionResult]::new('--cards', '--cards', [CompletionResultType]::ParameterName, 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'arbiter;completions' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)')
            [CompletionResult]::new('--cards', '--cards', [CompletionResultType]::ParameterName, 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'arbiter;man' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour (auto: only on a terminal, and not with NO_COLOR or TERM=dumb)')
            [CompletionResult]::new('--cards', '--cards', [CompletionResultType]::ParameterName, 'The card database to read (the community JSON format, or a YAML list in the scenario''s card format); default $ARBITER_CARDS, else cards.json in the data directory')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'List the commands that have a page, one per line')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text, errors included (each with a schema version; the fields are listed in the README)')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Never page: print long output straight to the terminal (by default output longer than the terminal goes through $ARBITER_PAGER, else $PAGER, else less -FRX)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'arbiter;help' {
            [CompletionResult]::new('rule', 'rule', [CompletionResultType]::ParameterValue, 'Show a rule by id: its breadcrumb, text, examples and references')
            [CompletionResult]::new('toc', 'toc', [CompletionResultType]::ParameterValue, 'Table of contents: the sections of an edition, or one part')
            [CompletionResult]::new('define', 'define', [CompletionResultType]::ParameterValue, 'Look a term up in the glossary: the rules that define and use it')
            [CompletionResult]::new('editions', 'editions', [CompletionResultType]::ParameterValue, 'The embedded rulebooks: game, edition, date, rule count, source file')
            [CompletionResult]::new('refs', 'refs', [CompletionResultType]::ParameterValue, 'What a rule links to, and every rule that links to it')
            [CompletionResult]::new('diff', 'diff', [CompletionResultType]::ParameterValue, 'What changed between two editions: every rule aligned, with word diffs')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Export every embedded edition as a static, offline, searchable web site')
            [CompletionResult]::new('search', 'search', [CompletionResultType]::ParameterValue, 'Search the rules by words: ranked, typo-tolerant, with synonyms')
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Run a scenario and print its timeline with rule citations')
            [CompletionResult]::new('test', 'test', [CompletionResultType]::ParameterValue, 'Run every scenario in files or folders and report pass/fail')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Validate a scenario without running it')
            [CompletionResult]::new('card', 'card', [CompletionResultType]::ParameterValue, 'Look a card up in the card database: its text, keywords linked to their rules, what governs it, and whether the engine models it')
            [CompletionResult]::new('cards', 'cards', [CompletionResultType]::ParameterValue, 'The card database: which file, how many cards; `cards coverage` for what the engine models')
            [CompletionResult]::new('deck', 'deck', [CompletionResultType]::ParameterValue, 'Deck lists: `deck check FILE` against deck construction')
            [CompletionResult]::new('repl', 'repl', [CompletionResultType]::ParameterValue, 'Step through a scenario: step, back, board, why, do, choose, save (see `help` inside)')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print a man page (roff; also committed under man/): `arbiter man rule | man -l -`')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'arbiter;help;rule' {
            break
        }
        'arbiter;help;toc' {
            break
        }
        'arbiter;help;define' {
            break
        }
        'arbiter;help;editions' {
            break
        }
        'arbiter;help;refs' {
            break
        }
        'arbiter;help;diff' {
            break
        }
        'arbiter;help;export' {
            break
        }
        'arbiter;help;search' {
            break
        }
        'arbiter;help;run' {
            break
        }
        'arbiter;help;test' {
            break
        }
        'arbiter;help;check' {
            break
        }
        'arbiter;help;card' {
            break
        }
        'arbiter;help;cards' {
            [CompletionResult]::new('coverage', 'coverage', [CompletionResultType]::ParameterValue, 'How many cards the engine models fully, and the phrases and keywords it does not')
            break
        }
        'arbiter;help;cards;coverage' {
            break
        }
        'arbiter;help;deck' {
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Check a deck list against deck construction (101–103, 825, Signature cards, bans)')
            break
        }
        'arbiter;help;deck;check' {
            break
        }
        'arbiter;help;repl' {
            break
        }
        'arbiter;help;completions' {
            break
        }
        'arbiter;help;man' {
            break
        }
        'arbiter;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
