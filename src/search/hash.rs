//! The 64-bit hash that names the index folder and checksums its files; also compiled
//! into the build script (`build.rs`), which hashes what the index is built from once,
//! at compile time, rather than on every search.

/// A fast, stable 64-bit hash (8 bytes per step, then an avalanche). Not
/// cryptographic: it only has to tell embedded rule sets apart. (The index files'
/// seal, checked on every search, uses [`checksum`], four of these side by side.)
pub struct Hash64(u64);

impl Hash64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;

    pub fn new() -> Hash64 {
        Hash64(0x243F_6A88_85A3_08D3)
    }

    pub fn write(&mut self, bytes: &[u8]) {
        self.step(bytes.len() as u64);
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.step(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.step(u64::from_le_bytes(w));
        }
    }

    fn step(&mut self, w: u64) {
        self.0 = (self.0 ^ w).wrapping_mul(Self::K).rotate_left(27);
    }

    pub fn finish(&self) -> u64 {
        let mut x = self.0;
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^= x >> 33;
        x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        x ^ (x >> 33)
    }
}

/// A file's checksum in the search index's seal: four [`Hash64`] lanes over
/// interleaved 8-byte words, folded into one with the length and the tail. The seal
/// checks every byte of the index (about 1 MB) on every search; one lane waits on
/// each multiply before the next, four keep the multiplier busy.
pub fn checksum(bytes: &[u8]) -> u64 {
    let mut lanes = [
        Hash64(0x243F_6A88_85A3_08D3),
        Hash64(0x1319_8A2E_0370_7344),
        Hash64(0xA409_3822_299F_31D0),
        Hash64(0x082E_FA98_EC4E_6C89),
    ];
    let mut blocks = bytes.chunks_exact(32);
    for b in &mut blocks {
        for (lane, w) in lanes.iter_mut().zip(b.chunks_exact(8)) {
            let mut word = [0u8; 8];
            word.copy_from_slice(w);
            lane.step(u64::from_le_bytes(word));
        }
    }
    let mut h = Hash64::new();
    h.step(bytes.len() as u64);
    for lane in &lanes {
        h.step(lane.finish());
    }
    h.write(blocks.remainder());
    h.finish()
}

impl Default for Hash64 {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::checksum;

    /// Every byte counts, in its place: one flipped byte anywhere (in each lane and in
    /// the tail), two words swapped between lanes, or a trailing zero byte all change
    /// the checksum.
    #[test]
    fn the_checksum_sees_every_byte_and_its_place() {
        let data: Vec<u8> = (0..100u32).map(|i| (i * 37 % 251) as u8).collect();
        let sum = checksum(&data);
        for i in 0..data.len() {
            let mut d = data.clone();
            d[i] ^= 1;
            assert_ne!(checksum(&d), sum, "byte {i}");
        }
        let mut swapped = data.clone();
        swapped[..8].copy_from_slice(&data[8..16]);
        swapped[8..16].copy_from_slice(&data[..8]);
        assert_ne!(checksum(&swapped), sum);
        let mut longer = data.clone();
        longer.push(0);
        assert_ne!(checksum(&longer), sum);
        assert_eq!(checksum(&data), sum);
        assert_ne!(checksum(b""), checksum(&[0]));
    }
}
