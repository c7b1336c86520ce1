//! The deal that splits an evaluation set into a tuning half and a held-out half
//! (tests/search_relevance.rs, tests/define_terms.rs): each set's own seed, hashed with
//! each entry, orders the entries; the halves alternate along that order.

/// FNV-1a over `seed` (little-endian bytes) and `text`: a stable, order-independent deal.
pub fn deal(seed: u64, text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in seed.to_le_bytes().iter().chain(text.as_bytes()) {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}
