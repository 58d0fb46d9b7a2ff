//! The last outputs of a reduction, remembered by where its operand's leaves read them, so that
//! a reduction read again where its result does not change (a row's maximum inside the row's
//! sum, or the same block of row sums for every column of a tile) is folded once.

use super::fold::Fold;
use super::folder::{Folder, KEY, MEMO};
use crate::kernel::fused::BLOCK;
use crate::kernel::source::{Shared, Source};
use shapecast_macros::hot;

/// Whether two keys are equal, compared word by word with no call (`==` on arrays calls
/// `memcmp`, a sizeable share of a softmax pass).
#[hot]
pub(super) fn same(a: &[usize; KEY], b: &[usize; KEY]) -> bool {
    a.iter().zip(b).fold(0, |d, (a, b)| d | (a ^ b)) == 0
}

impl<S: Source<W>, F: Fold<S::Elem>, const W: usize> Folder<S, F, W>
where
    F::Output: Shared,
{
    /// What the `len` outputs from `at` of the current run are remembered by: where each leaf
    /// reads the first and its step along the run (what the outputs fold is decided by them),
    /// and `len`. `None` past [`MEMO`] leaves.
    #[hot]
    pub(super) fn key(&self, at: usize, len: usize) -> Option<[usize; KEY]> {
        let (mut key, mut i) = ([usize::MAX; KEY], 0);
        key[KEY - 1] = len;
        let fits = self.inner.all(&mut |c| {
            if let Some(k) = key.get_mut(2 * i..2 * i + 2) {
                k[0] = c.offset().wrapping_add(at.wrapping_mul(c.inner()));
                k[1] = c.inner();
            }
            i += 1;
            i <= MEMO
        });
        fits.then_some(key)
    }

    /// The block of `len` outputs at `at` that `fold` folds, or, while the pass walks a tile of
    /// short rows column by column and this reduction is the same for every column, the block
    /// remembered from the last call (see `last`): a reduction whose result is stretched along
    /// an axis that the pass walks outside its run (softmax's row sums, while the pass goes
    /// down each column of a tile of rows) is folded once, not once per column.
    #[hot]
    pub(super) fn remembered(
        &mut self,
        at: usize,
        len: usize,
        fold: impl FnOnce(&mut Self) -> [F::Output; BLOCK],
    ) -> [F::Output; BLOCK] {
        if !self.inner.all(&mut |c| c.same_for_every_column()) {
            return fold(self);
        }
        let key = self.key(at, len);
        if let (Some(key), Some((seen, block))) = (key, &self.last)
            && same(seen, &key)
        {
            return *block;
        }
        let block = fold(self);
        self.last = key.map(|key| (key, block));
        block
    }

    /// The output at `at` where it was the last one folded (see `last`), looked up here, with
    /// no call; otherwise through [`get`](Source::get). A reduction stretched along the run
    /// (a row's mean under `x - mean`) is asked once per block: the call cost more than the
    /// block's own work (`x - x.mean_keepdims::<axes![1]>()` over `[8192, 256]`).
    #[hot]
    pub(super) fn remembered_one(&mut self, at: usize) -> F::Output {
        match self.recalled(self.key(at, 1)) {
            Some(value) => value,
            None => self.output(at),
        }
    }

    /// The output remembered by `key` (of one output), if it was the last one folded.
    #[hot]
    pub(super) fn recalled(&self, key: Option<[usize; KEY]>) -> Option<F::Output> {
        let (seen, block) = self.last.as_ref()?;
        same(seen, &key?).then_some(block[0])
    }
}
