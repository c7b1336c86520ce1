//! The encoder against the reference: token ids from Hugging Face `tokenizers` and
//! f32 embeddings from the numpy forward pass (tests/data/make-reference.py).

use serde_json::Value;

fn cases(file: &str) -> Vec<Value> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str::<Vec<Value>>(&text).unwrap()
}

#[test]
fn token_ids_match_the_tokenizers_library() {
    let cases = cases("tokens.json");
    assert!(cases.len() >= 400);
    let mut wrong = Vec::new();
    for case in &cases {
        let text = case["text"].as_str().unwrap();
        let want: Vec<u32> = case["ids"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap() as u32)
            .collect();
        let got = arbiter_meaning::token_ids(text);
        if got != want {
            wrong.push(format!("{text:?}\n  got  {got:?}\n  want {want:?}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} differ:\n{}",
        wrong.len(),
        cases.len(),
        wrong.join("\n")
    );
}

#[test]
fn embeddings_match_the_f32_reference() {
    let cases = cases("vectors.json");
    assert!(cases.len() >= 50);
    let mut worst = (1.0f32, String::new());
    let mut low = Vec::new();
    let mut sum = 0.0f32;
    for case in &cases {
        let text = case["text"].as_str().unwrap();
        let want: Vec<f32> = case["vector"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap() as f32)
            .collect();
        let got = arbiter_meaning::embed(text);
        let cos: f32 = got.iter().zip(&want).map(|(a, b)| a * b).sum();
        if std::env::var_os("MEANING_COSINES").is_some() {
            eprintln!("{cos:.5} {:?}", text.chars().take(40).collect::<String>());
        }
        sum += cos;
        let words = text
            .split(|c: char| !c.is_alphabetic())
            .filter(|w| !w.is_empty())
            .count();
        if words >= 3 && cos < 0.998 {
            low.push((cos, text.chars().take(40).collect::<String>()));
        }
        if cos < worst.0 {
            worst = (cos, text.to_string());
        }
    }
    let mean = sum / cases.len() as f32;
    eprintln!(
        "worst cosine {:.5} on {:?}, mean {mean:.5}",
        worst.0, worst.1
    );
    // The int8 weights alone (products in f32) gave 0.99700 at worst, 0.99948 on
    // average. With the products in integers too (inputs quantised per token, outlier
    // columns apart; src/model.rs), measured with the model fine-tuned on the tuning
    // halves: 0.99510 at worst, on the empty text ([CLS] [SEP] alone), 0.99661 on a run
    // of x's, 0.99865 or better on the other 48, 0.99909 on average; with the model
    // trained also on the written questions (2026-11-24 evening): 0.99477 on the empty
    // text, 0.99759 on the x's, 0.99787 on a bare rule id, 0.99886 or better on every
    // text of three words or more, 0.99906 on average; with their second round 0.99619
    // on the empty text, 0.99805 on the x's, 0.99813 on the bare id, 0.99861 or better
    // on every text of three words or more, 0.99912 on average; with their third round
    // 0.99602, 0.99831, 0.99816 (on the references sampled from the training questions),
    // 0.99868 or better, 0.99909; with their fourth 0.99696, 0.99834, 0.99871, 0.99847
    // or better (a run of "word"), 0.99914; with their fifth 0.99695, 0.99855, 0.99833,
    // 0.99856 or better (a run of "word" again), 0.99911; with their sixth 0.99640,
    // 0.99776, 0.99827, 0.99854 or better (a run of "word"), 0.99909. Without the outlier
    // columns apart it was 0.98353 at worst. Every CPU computes the same vectors, so these
    // figures are not a machine's.
    assert!(
        worst.0 >= 0.994,
        "cosine {} < 0.994 on {:?}",
        worst.0,
        worst.1
    );
    assert!(
        low.is_empty(),
        "texts of three words or more below cosine 0.998: {low:?}"
    );
    assert!(mean >= 0.999, "mean cosine {mean} < 0.999");
}

#[test]
fn related_sentences_are_closer_than_unrelated_ones() {
    let [q, near, far] = [
        "who gets credit for a kill",
        "A kill is attributed to the player who controlled the source.",
        "How do I shuffle my deck",
    ]
    .map(arbiter_meaning::embed);
    assert!(arbiter_meaning::cosine(&q, &near) > arbiter_meaning::cosine(&q, &far) + 0.1);
}
