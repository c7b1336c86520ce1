//! No input panics, every embedding is a finite unit vector, and the same text always
//! gives the same vector.

use arbiter_meaning::{DIM, MAX_TOKENS, embed, embed_batch, token_ids};

fn unit(v: &[f32; DIM]) -> bool {
    let norm: f32 = v.iter().map(|x| x * x).sum::<f32>().sqrt();
    v.iter().all(|x| x.is_finite()) && (norm - 1.0).abs() < 1e-4
}

#[test]
fn odd_inputs_give_unit_vectors() {
    let huge_words = "lorem ipsum dolor ".repeat(6000); // ~100 kB
    let huge_word = "x".repeat(100_000);
    let controls: String = (0u32..0x20)
        .chain(0x7f..0xa0)
        .filter_map(char::from_u32)
        .collect();
    let inputs = [
        "",
        " \t\n",
        "\0\0\0",
        controls.as_str(),
        "\u{fffd}\u{200b}\u{feff}",
        "😀👍🏽👨‍👩‍👧",
        "你好世界，日本語のテキスト",
        "\u{301}\u{302}\u{303}",
        "\u{10FFFF}\u{E000}",
        huge_words.as_str(),
        huge_word.as_str(),
    ];
    for text in inputs {
        let ids = token_ids(text);
        assert!(
            ids.len() >= 2 && ids.len() <= MAX_TOKENS,
            "{} tokens",
            ids.len()
        );
        let v = embed(text);
        assert!(
            unit(&v),
            "not a unit vector for {:?}",
            text.chars().take(20).collect::<String>()
        );
    }
    assert_eq!(token_ids(&huge_words).len(), MAX_TOKENS);
    assert_eq!(
        token_ids(&huge_word),
        token_ids("y".repeat(101).as_str()),
        "one [UNK]"
    );
}

#[test]
fn embeddings_are_deterministic_across_calls_and_threads() {
    let texts = [
        "Can a unit with Tank be ganked?",
        "",
        "Deathknell triggers when the unit dies",
    ];
    let first = embed_batch(&texts);
    let again: Vec<_> = std::thread::scope(|s| {
        let handles: Vec<_> = texts.iter().map(|t| s.spawn(move || embed(t))).collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(first, again);
    assert_eq!(first[0], embed(texts[0]));
    assert_ne!(first[0], first[2]);
}

#[test]
fn text_past_the_token_limit_is_ignored() {
    let head = "the attacker deals damage first ".repeat(60); // 300 tokens
    assert_eq!(
        embed(&head),
        embed(&format!("{head} and then something else entirely"))
    );
}
