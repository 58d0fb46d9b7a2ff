//! `Plan`: the output box and each operand's strides, with trivial axes merged away.

use shapecast_macros::hot;
use shapecast_rules::MAX_RANK;

/// The innermost run of a plan: its length, each operand's stride along it, and each operand's
/// stride along the loop just outside it (0s when there is none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Runs<const N: usize> {
    pub(crate) n: usize,
    pub(crate) strides: [usize; N],
    pub(crate) outer: [usize; N],
}

/// The loop nest of a kernel over `N` operands: output sizes outermost first, and each
/// operand's stride along every output axis.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan<const N: usize> {
    rank: usize,
    dims: [usize; MAX_RANK],
    strides: [[usize; MAX_RANK]; N],
}

impl<const N: usize> Plan<N> {
    /// Builds the plan for output `dims` (at most `MAX_RANK` axes) read through `strides`
    /// (one entry per output axis for each operand): drops size-1 axes, then merges each axis
    /// into the one before where every operand steps over the pair as over one axis.
    ///
    /// An output with no elements (a size 0 anywhere) is the plan of one empty run, whatever
    /// its other sizes: no loop of any kernel then runs even once, however large those sizes
    /// are.
    ///
    /// After planning, every operand's stride along the innermost run is 0 or 1: the last
    /// output axis kept has a size other than 1, and every operand axis placed after it lands on
    /// an output axis of size 1, so has size 1 itself (a broadcast stretches only size 1), so
    /// the row-major stride of the operand axis on the last kept axis is a product of 1s (or
    /// the operand is stretched there, stride 0). The kernels rely on this, but for the copy of a
    /// gather (the reductions' first elements), which is not a broadcast.
    ///
    /// A `const fn`: the static kernels build their plans at compile time.
    pub(crate) const fn new(dims: &[usize], strides: [&[usize]; N]) -> Self {
        let mut plan = Plan { rank: 0, dims: [1; MAX_RANK], strides: [[0; MAX_RANK]; N] };
        let mut axis = 0;
        while axis < dims.len() && axis < MAX_RANK {
            let d = dims[axis];
            if d == 0 {
                let mut empty = Plan { rank: 1, dims: [1; MAX_RANK], strides: [[0; MAX_RANK]; N] };
                empty.dims[0] = 0;
                return empty;
            }
            if d != 1 {
                let mut mergeable = plan.rank > 0;
                let mut i = 0;
                while i < N {
                    let s = if axis < strides[i].len() { strides[i][axis] } else { 0 };
                    mergeable &= plan.rank > 0 && plan.strides[i][plan.rank - 1] == s.wrapping_mul(d);
                    i += 1;
                }
                if !mergeable {
                    plan.rank += 1;
                }
                let last = plan.rank - 1;
                plan.dims[last] = if mergeable { plan.dims[last].wrapping_mul(d) } else { d };
                let mut i = 0;
                while i < N {
                    plan.strides[i][last] = if axis < strides[i].len() { strides[i][axis] } else { 0 };
                    i += 1;
                }
            }
            axis += 1;
        }
        plan
    }

    /// The (merged) loop sizes, outermost first.
    pub(crate) const fn dims(&self) -> &[usize] {
        self.dims.split_at(self.rank).0
    }

    /// Operand `i`'s strides along the (merged) loops, outermost first.
    pub(crate) const fn strides(&self, i: usize) -> &[usize] {
        self.strides[i].split_at(self.rank).0
    }

    /// Whether the output has no elements (then the plan is one run of length 0).
    #[hot]
    pub(crate) const fn is_empty(&self) -> bool {
        self.rank == 1 && self.dims[0] == 0
    }

    /// The innermost run: its length and each operand's stride along it (a rank-0 plan is one
    /// run of one element).
    #[hot]
    pub(crate) const fn inner(&self) -> (usize, [usize; N]) {
        match self.rank.checked_sub(1) {
            Some(last) => (self.dims[last], self.along(last)),
            None => (1, [0; N]),
        }
    }

    /// The innermost run and the strides of the loop around it.
    #[hot]
    pub(crate) const fn runs(&self) -> Runs<N> {
        let (n, strides) = self.inner();
        let outer = match self.rank.checked_sub(2) {
            Some(axis) => self.along(axis),
            None => [0; N],
        };
        Runs { n, strides, outer }
    }

    /// Each operand's stride along loop `axis`.
    #[hot]
    const fn along(&self, axis: usize) -> [usize; N] {
        let mut out = [0; N];
        let mut i = 0;
        while i < N {
            out[i] = self.strides[i][axis];
            i += 1;
        }
        out
    }

    /// Calls `k` with this plan and its runs, which are constants where they are `hint`'s:
    /// `hint` is the plan built from the sizes known at compile time, so a shape whose trailing
    /// axes are fixed (`[Batch, 16]`) runs the fixed row kernel (16 elements, constant strides)
    /// row after row, as the all-fixed shape does; only the number of rows is read at run time.
    /// (A caller with a fixed shape calls `k` with the constant plan itself.)
    #[hot]
    pub(crate) fn with_runs<R>(&self, hint: &Plan<N>, k: impl FnOnce(&Self, Runs<N>) -> R) -> R {
        let (runs, known) = (self.runs(), hint.runs());
        if runs == known { k(self, known) } else { k(self, runs) }
    }

    /// Calls `run` with each operand's starting offset for every innermost run, in row-major
    /// order. The loop just outside the run is a plain loop; any loops outside that (a plan of
    /// rank 3 or more, after merging) step like an odometer. With a constant plan, every bound
    /// and stride is a constant, and `run` has a single call site, so it is inlined.
    /// `runs` is [`runs`](Self::runs), perhaps as constants (see [`with_runs`](Self::with_runs)).
    #[hot]
    pub(crate) fn for_each_run(&self, runs: Runs<N>, mut run: impl FnMut([usize; N])) {
        if self.is_empty() {
            return;
        }
        let loops = self.rank.saturating_sub(1);
        let (last, strides) = match loops.checked_sub(1) {
            Some(axis) => (self.dims[axis], runs.outer),
            None => (1, [0; N]),
        };
        let (mut index, mut base) = ([0usize; MAX_RANK], [0usize; N]);
        loop {
            for i in 0..last {
                run(core::array::from_fn(|k| base[k] + i * strides[k]));
            }
            if !self.advance(loops.saturating_sub(1), &mut index, &mut base) {
                return;
            }
        }
    }

    /// [`for_each_run`](Self::for_each_run) over a contiguous row-major output: `run` also gets
    /// that run's slice of `out` (`n` elements, the inner run's length), in order.
    #[hot]
    pub(crate) fn for_each_run_into<O>(
        &self,
        runs: Runs<N>,
        out: &mut [O],
        mut run: impl FnMut(&mut [O], [usize; N]),
    ) {
        let n = runs.n;
        // Runs are indexed rather than taken from a chunk iterator: with no "iterator ran dry"
        // exit, the optimizer sees every element written and drops the zeroing of a fresh output.
        let mut start = 0;
        self.for_each_run(
            runs,
            #[inline(always)]
            |offsets| {
                run(&mut out[start..start + n], offsets);
                start += n;
            },
        );
    }

    /// One step of the odometer over the first `loops` loops: increments `index` (the last loop
    /// fastest) and keeps each operand's offset in step. `false` once every loop has wrapped,
    /// the offsets being back at 0.
    pub(crate) fn advance(
        &self,
        loops: usize,
        index: &mut [usize; MAX_RANK],
        offsets: &mut [usize; N],
    ) -> bool {
        for a in (0..loops).rev() {
            index[a] += 1;
            if index[a] < self.dims[a] {
                offsets.iter_mut().zip(&self.strides).for_each(|(off, s)| *off += s[a]);
                return true;
            }
            index[a] = 0;
            offsets.iter_mut().zip(&self.strides).for_each(|(off, s)| *off -= s[a] * (self.dims[a] - 1));
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merges_contiguous_and_drops_unit_axes() {
        // [2, 3, 4] copied as is: one run of 24.
        let p = Plan::new(&[2, 3, 4], [&[12, 4, 1]]);
        assert_eq!((p.rank, p.inner()), (1, (24, [1])));
        // [4096, 1] -> [4096, 1024]: rows of a filled value.
        let p = Plan::new(&[4096, 1024], [&[1, 0]]);
        assert_eq!((p.rank, p.inner()), (2, (1024, [0])));
        // A size-1 output axis disappears; stretched axes next to each other merge.
        let p = Plan::new(&[5, 1, 2, 3], [&[1, 0, 0, 0]]);
        assert_eq!((p.rank, p.inner()), (2, (6, [0])));
    }

    #[test]
    fn an_empty_output_is_one_empty_run_whatever_its_other_sizes() {
        for dims in [&[0, 2, 1 << 62][..], &[1 << 62, 0], &[3, 0, 5], &[0]] {
            let p = Plan::new(dims, [&[usize::MAX; 3], &[7; 3]]);
            assert_eq!((p.rank, p.inner(), p.is_empty()), (1, (0, [0, 0]), true), "{dims:?}");
            let mut runs = 0;
            p.for_each_run(p.runs(), |_| runs += 1);
            assert_eq!(runs, 0);
        }
        assert!(!Plan::<1>::new(&[], [&[]]).is_empty());
    }

    #[test]
    fn runs_visit_offsets_in_row_major_order() {
        // Depth 2 (nested loops) and depth 5 (odometer) agree with row-major order.
        let p = Plan::new(&[2, 3, 2], [&[0, 1, 0]]);
        let mut seen = [0usize; 3];
        let mut n = 0;
        p.for_each_run(p.runs(), |[o]| {
            seen[n % 3] = o;
            n += 1;
        });
        assert_eq!((n, seen), (6, [0, 1, 2]));
        let p = Plan::new(&[2, 3, 2, 2, 3], [&[100, 10, 0, 1, 1000]]);
        let mut runs = [0usize; 24];
        let mut n = 0;
        p.for_each_run(p.runs(), |[o]| {
            runs[n] = o;
            n += 1;
        });
        let want: [usize; 24] = core::array::from_fn(|k| 100 * (k / 12) + 10 * (k / 4 % 3) + (k % 2));
        assert_eq!((n, runs), (24, want));
    }
}
