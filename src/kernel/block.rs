//! Inner runs written in blocks whose reads all happen before its writes.
//!
//! The kernels' output and inputs come from separate borrows (a `TensorMut` and a `TensorRef`,
//! say) that the optimizer cannot always tell apart once everything is inlined. A loop that
//! reads an input and writes the output element by element then stays scalar: each store
//! might change the next load. Reading a whole block into registers first removes the
//! question, and the block vectorizes.

use shapecast_macros::hot;

/// Elements per block: a few vector registers' worth for the common element sizes.
pub const BLOCK: usize = 16;

/// The columns of a tile of the output, for a pass walked in tiles: the lines a transposed
/// leaf's tile reads stay in the cache while its rows are walked.
pub(crate) const TILE_COLUMNS: usize = 4 * BLOCK;

/// The block `[f(0), f(1), …]`, built by a plain loop of all [`BLOCK`] lanes that the optimizer
/// vectorizes (`core::array::from_fn` is not always inlined, and a call per block costs more than
/// the block). `f` is called twice for lane 0: it must have no side effects.
#[hot]
pub fn lanes<T: Copy>(f: impl Fn(usize) -> T) -> [T; BLOCK] {
    let mut out = [f(0); BLOCK];
    for (i, o) in out.iter_mut().enumerate() {
        *o = f(i);
    }
    out
}

/// `out[i] = f(out[i], xs[i])` for every `i`; `xs` is at least as long as `out`.
#[hot]
pub(crate) fn update<O: Copy, X: Copy>(out: &mut [O], xs: &[X], mut f: impl FnMut(O, X) -> O) {
    let (head, tail) = out.split_at_mut(out.len() / BLOCK * BLOCK);
    let done = head.len();
    for (o, x) in arrays_mut(head).zip(arrays(xs)) {
        let (old, x) = (*o, *x);
        o.iter_mut().zip(&old).zip(&x).for_each(|((o, &old), &x)| *o = f(old, x));
    }
    tail.iter_mut().zip(&xs[done..]).for_each(|(o, &x)| *o = f(*o, x));
}

/// `*total = f(…f(f(*total, xs[0]), xs[1])…)`, folded in `BLOCK` lanes that are folded together
/// at the end: the lanes vectorize where one running total cannot. For a sum, floating-point
/// results can differ from left-to-right summation in the last bits (usually for the better, as
/// with NumPy's pairwise summation); integer results cannot.
///
/// With `idempotent` (`f(a, a) == a`: a maximum), the lanes start as copies of `*total`, so that
/// they hold nothing `*total` does not, and are folded together pairwise, which vectorizes too.
#[hot]
pub(crate) fn fold<T: Copy>(total: &mut T, xs: &[T], idempotent: bool, f: impl Fn(T, T) -> T) {
    let mut blocks = arrays(xs);
    if idempotent {
        if xs.len() >= BLOCK {
            let mut lanes = [*total; BLOCK];
            for x in blocks {
                let x = *x;
                lanes.iter_mut().zip(&x).for_each(|(lane, &x)| *lane = f(*lane, x));
            }
            let mut width = BLOCK / 2;
            while width > 0 {
                let (low, high) = lanes.split_at_mut(width);
                low.iter_mut().zip(&*high).for_each(|(l, &h)| *l = f(*l, h));
                width /= 2;
            }
            *total = lanes[0];
        }
    } else if let Some(&first) = blocks.next() {
        let mut lanes = first;
        for x in blocks {
            let x = *x;
            lanes.iter_mut().zip(&x).for_each(|(lane, &x)| *lane = f(*lane, x));
        }
        lanes.iter().for_each(|&lane| *total = f(*total, lane));
    }
    xs[xs.len() / BLOCK * BLOCK..].iter().for_each(|&x| *total = f(*total, x));
}

/// The whole blocks at the start of `xs`, as arrays.
#[hot]
fn arrays<T>(xs: &[T]) -> impl Iterator<Item = &[T; BLOCK]> {
    xs.chunks_exact(BLOCK).filter_map(
        #[inline(always)]
        |block| block.try_into().ok(),
    )
}

/// The whole blocks at the start of `xs`, as mutable arrays.
#[hot]
fn arrays_mut<T>(xs: &mut [T]) -> impl Iterator<Item = &mut [T; BLOCK]> {
    xs.chunks_exact_mut(BLOCK).filter_map(
        #[inline(always)]
        |block| block.try_into().ok(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_length_is_written_once_in_order() {
        for n in [0, 1, BLOCK - 1, BLOCK, BLOCK + 1, 3 * BLOCK + 5] {
            let xs: [u32; 64] = core::array::from_fn(|i| i as u32);
            let mut out: [u32; 64] = core::array::from_fn(|i| if i < n { 100 * i as u32 + 7 } else { 0 });
            update(&mut out[..n], &xs, |o, x| o * 2 + x);
            assert!(out[..n].iter().enumerate().all(|(i, &o)| o == 201 * i as u32 + 14));
            assert!(out[n..].iter().all(|&o| o == 0));
            let mut total = 5;
            fold(&mut total, &xs[..n], false, |t, x| t + x);
            assert_eq!(total as usize, 5 + n * n.saturating_sub(1) / 2);
            for start in [0, n as u32 / 2, 100] {
                let mut top = start;
                fold(&mut top, &xs[..n], true, |t, x| if x > t { x } else { t });
                assert_eq!(top as usize, (start as usize).max(n.saturating_sub(1)));
            }
        }
    }
}
