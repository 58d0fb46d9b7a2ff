//! `PackedLists`: the shapes an error names, in 64 bytes, so that `BroadcastError` stays small
//! enough to return by value (under clippy's `result_large_err` threshold of 128 bytes).
//!
//! Sizes are stored as LEB128 varints (one byte for a size below 128). A list that does not fit
//! is kept as far as it goes and printed with a trailing `…`.

use core::fmt;

use crate::DynShape;

const BYTES: usize = 64;

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct PackedLists {
    bytes: [u8; BYTES],
    /// How many entries of each list are stored.
    stored: [u8; 3],
    /// Bit `i` is set if list `i` was cut short.
    cut: u8,
}

impl PackedLists {
    pub(crate) fn new(lists: [&[usize]; 3]) -> Self {
        let mut packed = PackedLists { bytes: [0; BYTES], stored: [0; 3], cut: 0 };
        let mut at = 0;
        for (i, list) in lists.iter().enumerate() {
            for &value in list.iter() {
                match encode(value, &mut packed.bytes[at..]) {
                    Some(n) if packed.stored[i] < u8::MAX => {
                        at += n;
                        packed.stored[i] += 1;
                    }
                    _ => {
                        packed.cut |= 1 << i;
                        break;
                    }
                }
            }
        }
        packed
    }

    /// The same lists with list 2 replaced by `list`: lists 0 and 1 keep what they stored and
    /// whether they were cut short; `list` gets the bytes left.
    pub(crate) fn with_list(&self, list: &[usize]) -> Self {
        let (lhs, rhs) = (self.get(0).0, self.get(1).0);
        let mut packed = PackedLists::new([&lhs, &rhs, list]);
        packed.cut |= self.cut & 0b11;
        packed
    }

    /// List `i`, as far as it was stored, and whether it is complete.
    pub(crate) fn get(&self, i: usize) -> (DynShape, bool) {
        let mut values = self.bytes.iter().copied();
        let mut list = DynShape::scalar();
        for (j, &count) in self.stored.iter().enumerate().take(i + 1) {
            for _ in 0..count {
                let value = decode(&mut values);
                if j == i {
                    list.push(value);
                }
            }
        }
        (list, self.cut & (1 << i) == 0)
    }

    /// Writes list `i` as `[2, 3]`, or `[2, 3, …]` if it was cut short, each entry by `entry`.
    pub(crate) fn write(
        &self,
        f: &mut fmt::Formatter<'_>,
        i: usize,
        entry: &dyn Fn(&mut fmt::Formatter<'_>, usize) -> fmt::Result,
    ) -> fmt::Result {
        let (list, complete) = self.get(i);
        f.write_str("[")?;
        for (k, d) in list.iter().enumerate() {
            if k > 0 {
                f.write_str(", ")?;
            }
            entry(f, *d)?;
        }
        if !complete {
            f.write_str(if list.is_empty() { "…" } else { ", …" })?;
        }
        f.write_str("]")
    }
}

/// Writes `value` as LEB128 into `out`; the number of bytes, or `None` if it does not fit.
fn encode(mut value: usize, out: &mut [u8]) -> Option<usize> {
    let mut n = 0;
    loop {
        let byte = (value & 0x7f) as u8;
        value >>= 7;
        let slot = out.get_mut(n)?;
        n += 1;
        if value == 0 {
            *slot = byte;
            return Some(n);
        }
        *slot = byte | 0x80;
    }
}

fn decode(bytes: &mut impl Iterator<Item = u8>) -> usize {
    let mut value = 0usize;
    for (shift, byte) in bytes.enumerate() {
        value |= ((byte & 0x7f) as usize).wrapping_shl(7 * shift as u32);
        if byte & 0x80 == 0 {
            break;
        }
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_cuts_long_lists() {
        let p = PackedLists::new([&[2, 3], &[usize::MAX, 0, 128], &[]]);
        assert_eq!(p.get(0), (DynShape::new(&[2, 3]).unwrap(), true));
        assert_eq!(*p.get(1).0, [usize::MAX, 0, 128]);
        assert!(p.get(2).0.is_empty() && p.get(2).1);
        let long = [usize::MAX; 10];
        let p = PackedLists::new([&long, &[1], &[2]]);
        assert_eq!(p.get(0), (DynShape::new(&long[..6]).unwrap(), false));
        assert_eq!(p.get(1), (DynShape::new(&[1]).unwrap(), true));
        // Naming a list afterwards keeps the cut marks: 1 + 64 one-byte sizes do not fit.
        let p = PackedLists::new([&[0], &[0; 64], &[]]).with_list(&[]);
        assert_eq!((p.get(1).0.rank(), p.get(1).1), (63, false));
    }
}
