//! A small deterministic generator, so that generated tests are reproducible.

/// A small deterministic generator (xorshift), so the random section is reproducible.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn below(&mut self, n: u64) -> usize {
        (self.next() % n) as usize
    }
    pub fn shape(&mut self, max_rank: u64) -> Vec<usize> {
        let rank = self.below(max_rank + 1);
        (0..rank).map(|_| [1, 1, 2, 3, 4, 5, 0][self.below(7)]).collect()
    }
    /// `out` with some sizes set to 1 and some leading axes dropped.
    pub fn stretchable(&mut self, out: &[usize]) -> Vec<usize> {
        let drop = self.below(out.len() as u64 + 1).min(2);
        out[drop..].iter().map(|&d| if self.below(3) == 0 { 1 } else { d }).collect()
    }
    pub fn subset(&mut self, rank: usize) -> Vec<usize> {
        (0..rank).filter(|_| self.below(2) == 0).collect()
    }

    /// The sizes of `out` at `axes`, each replaced by 1 one time in three.
    pub fn picked(&mut self, out: &[usize], axes: &[usize]) -> Vec<usize> {
        axes.iter().map(|&d| if self.below(3) == 0 { 1 } else { out[d] }).collect()
    }

    /// `out` with each size replaced by 1 one time in four.
    pub fn some_ones(&mut self, out: &[usize]) -> Vec<usize> {
        out.iter().map(|&d| if self.below(4) == 0 { 1 } else { d }).collect()
    }
}
