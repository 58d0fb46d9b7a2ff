//! Inner runs written in blocks whose reads all happen before its writes.
//!
//! The kernels' output and inputs come from separate borrows (a `TensorMut` and a `TensorRef`,
//! say) that the optimizer cannot always tell apart once everything is inlined. A loop that
//! reads an input and writes the output element by element then stays scalar: each store
//! might change the next load. Reading a whole block into registers first removes the
//! question, and the block vectorizes.

use core::ops::AddAssign;

/// Elements per block: a few vector registers' worth for the common element sizes.
const BLOCK: usize = 16;

/// `out[i] = f(xs[i])` for every `i`; `xs` is at least as long as `out`.
#[inline(always)]
pub(crate) fn unary<X: Copy, O>(out: &mut [O], xs: &[X], mut f: impl FnMut(X) -> O) {
    let blocks = out.len() / BLOCK * BLOCK;
    let (head, tail) = out.split_at_mut(blocks);
    for (o, x) in head.chunks_exact_mut(BLOCK).zip(xs[..blocks].chunks_exact(BLOCK)) {
        let x: [X; BLOCK] = core::array::from_fn(|k| x[k]);
        store(o, x.map(&mut f));
    }
    for (o, &x) in tail.iter_mut().zip(&xs[blocks..]) {
        *o = f(x);
    }
}

/// `out[i] = f(xs[i], ys[i])` for every `i`; `xs` and `ys` are at least as long as `out`.
#[inline(always)]
pub(crate) fn binary<X: Copy, Y: Copy, O>(out: &mut [O], xs: &[X], ys: &[Y], mut f: impl FnMut(X, Y) -> O) {
    let blocks = out.len() / BLOCK * BLOCK;
    let (head, tail) = out.split_at_mut(blocks);
    let pairs = xs[..blocks].chunks_exact(BLOCK).zip(ys[..blocks].chunks_exact(BLOCK));
    for (o, (x, y)) in head.chunks_exact_mut(BLOCK).zip(pairs) {
        let x: [X; BLOCK] = core::array::from_fn(|k| x[k]);
        let y: [Y; BLOCK] = core::array::from_fn(|k| y[k]);
        store(o, core::array::from_fn(|k| f(x[k], y[k])));
    }
    for ((o, &x), &y) in tail.iter_mut().zip(&xs[blocks..]).zip(&ys[blocks..]) {
        *o = f(x, y);
    }
}

/// `out[i] = f(out[i], xs[i])` for every `i`; `xs` is at least as long as `out`.
#[inline(always)]
pub(crate) fn update<O: Copy, X: Copy>(out: &mut [O], xs: &[X], mut f: impl FnMut(O, X) -> O) {
    let blocks = out.len() / BLOCK * BLOCK;
    let (head, tail) = out.split_at_mut(blocks);
    for (o, x) in head.chunks_exact_mut(BLOCK).zip(xs[..blocks].chunks_exact(BLOCK)) {
        let x: [X; BLOCK] = core::array::from_fn(|k| x[k]);
        let old: [O; BLOCK] = core::array::from_fn(|k| o[k]);
        store(o, core::array::from_fn(|k| f(old[k], x[k])));
    }
    for (o, &x) in tail.iter_mut().zip(&xs[blocks..]) {
        *o = f(*o, x);
    }
}

/// `*total += xs[0] + xs[1] + …`, summed in `BLOCK` lanes that are added together at the end:
/// the lanes vectorize where one running total cannot. Floating-point results can differ
/// from left-to-right summation in the last bits (usually for the better, as with NumPy's
/// pairwise summation); integer results cannot.
#[inline(always)]
pub(crate) fn sum<T: Copy + AddAssign>(total: &mut T, xs: &[T]) {
    let (blocks, tail) = xs.split_at(xs.len() / BLOCK * BLOCK);
    let mut blocks = blocks.chunks_exact(BLOCK);
    if let Some(first) = blocks.next() {
        let mut lanes: [T; BLOCK] = core::array::from_fn(|k| first[k]);
        for x in blocks {
            let x: [T; BLOCK] = core::array::from_fn(|k| x[k]);
            lanes.iter_mut().zip(x).for_each(|(lane, x)| *lane += x);
        }
        lanes.into_iter().for_each(|lane| *total += lane);
    }
    tail.iter().for_each(|&x| *total += x);
}

/// Writes a block as one array assignment (element by element, it stays scalar).
#[inline(always)]
fn store<O>(out: &mut [O], values: [O; BLOCK]) {
    if let Ok(out) = <&mut [O; BLOCK]>::try_from(out) {
        *out = values;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_length_is_written_once_in_order() {
        for n in [0, 1, BLOCK - 1, BLOCK, BLOCK + 1, 3 * BLOCK + 5] {
            let xs: [u32; 64] = core::array::from_fn(|i| i as u32);
            let ys: [u32; 64] = core::array::from_fn(|i| 100 * i as u32);
            let mut out = [0u32; 64];
            binary(&mut out[..n], &xs, &ys, |x, y| x + y + 1);
            assert!(out[..n].iter().enumerate().all(|(i, &o)| o == 101 * i as u32 + 1));
            assert!(out[n..].iter().all(|&o| o == 0));
            let mut out = [0u32; 64];
            unary(&mut out[..n], &ys, |y| y + 7);
            assert!(out[..n].iter().enumerate().all(|(i, &o)| o == 100 * i as u32 + 7));
            assert!(out[n..].iter().all(|&o| o == 0));
            update(&mut out[..n], &xs, |o, x| o * 2 + x);
            assert!(out[..n].iter().enumerate().all(|(i, &o)| o == 201 * i as u32 + 14));
            assert!(out[n..].iter().all(|&o| o == 0));
            let mut total = 5;
            sum(&mut total, &xs[..n]);
            assert_eq!(total as usize, 5 + n * n.saturating_sub(1) / 2);
        }
    }
}
