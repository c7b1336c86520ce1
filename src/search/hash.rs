//! The 64-bit hash that names the index folder and checksums its files; also compiled
//! into the build script (`build.rs`), which hashes what the index is built from once,
//! at compile time, rather than on every search.

/// A fast, stable 64-bit hash (8 bytes per step, then an avalanche). Not
/// cryptographic: it only has to tell embedded rule sets apart, and must cost far
/// less than a search (the index files, about 1 MB, are checksummed on every search).
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

impl Default for Hash64 {
    fn default() -> Self {
        Self::new()
    }
}
