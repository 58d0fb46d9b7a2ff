//! Shape algebra of contiguous tensors (`shapecast::algebra`): `reshape`, `squeeze`, `flatten`,
//! `split_at`, `concat`, `stack`, checked against references written here by index arithmetic
//! (each output element found from its multi-index, nothing shared with the library's row
//! copies), over fixed shapes of ranks 0 to 4 (sizes 0 and 1 included), every tensor kind, and
//! shapes with run-time sizes; the result types (shapes computed by the table of sizes, and
//! where each result is stored) are checked as types.
#![forbid(unsafe_code)]
// The result types are spelled out, as `shape!` types with run-time sizes: long, on purpose.
#![allow(clippy::type_complexity)]

use shapecast::algebra::{Concatenated, Flattened, SizeOf, SplitBack, SplitFront, Squeezed, Stacked};
use shapecast::prelude::*;
use shapecast::shape::Dim;
use static_assertions::assert_type_eq_all;

// --- The references ---------------------------------------------------------------------------

/// The multi-index of the flat row-major position `i` in `dims`.
fn unravel(mut i: usize, dims: &[usize]) -> Vec<usize> {
    let mut ix = vec![0; dims.len()];
    for axis in (0..dims.len()).rev() {
        ix[axis] = i % dims[axis];
        i /= dims[axis];
    }
    ix
}

/// The flat row-major position of the multi-index `ix` in `dims`.
fn ravel(ix: &[usize], dims: &[usize]) -> usize {
    ix.iter().zip(dims).fold(0, |acc, (&i, &d)| {
        assert!(i < d, "index {ix:?} outside {dims:?}");
        acc * d + i
    })
}

/// `a` (of `da`) and `b` (of `db`) joined along `axis`: each output element read from the
/// operand its index on `axis` falls in.
fn ref_concat(a: &[i64], da: &[usize], b: &[i64], db: &[usize], axis: usize) -> (Vec<i64>, Vec<usize>) {
    assert_eq!(da.len(), db.len());
    let mut dims = da.to_vec();
    dims[axis] += db[axis];
    let n: usize = dims.iter().product();
    let out = (0..n)
        .map(|i| {
            let mut ix = unravel(i, &dims);
            if ix[axis] < da[axis] {
                a[ravel(&ix, da)]
            } else {
                ix[axis] -= da[axis];
                b[ravel(&ix, db)]
            }
        })
        .collect();
    (out, dims)
}

/// `parts`, each of `dims`, along a new axis before `axis`: output element `ix` is element
/// `ix` without `axis` of part `ix[axis]`.
fn ref_stack(parts: &[&[i64]], dims: &[usize], axis: usize) -> (Vec<i64>, Vec<usize>) {
    let mut out_dims = dims.to_vec();
    out_dims.insert(axis, parts.len());
    let n: usize = out_dims.iter().product();
    let out = (0..n)
        .map(|i| {
            let mut ix = unravel(i, &out_dims);
            let k = ix.remove(axis);
            parts[k][ravel(&ix, dims)]
        })
        .collect();
    (out, out_dims)
}

/// Distinct values for a tensor's elements: `first`, `first + 1`, … (from a negative `first`,
/// counting down).
fn values(first: i64) -> impl Fn(usize) -> i64 {
    move |i| if first < 0 { first - i as i64 } else { first + i as i64 }
}

// --- The table of sizes -----------------------------------------------------------------------

#[test]
fn computed_sizes_are_the_sizes_shape_writes() {
    use typenum::{Prod, Sum, U0, U7, U8, U15, U16, U24, U1000, U1023, U1024, U2047, U2048, U3600};
    assert_type_eq_all!(SizeOf<U0>, Dim<0>);
    assert_type_eq_all!(SizeOf<U7>, Dim<7>);
    assert_type_eq_all!(SizeOf<U8>, Dim<8>);
    assert_type_eq_all!(SizeOf<U15>, Dim<15>);
    assert_type_eq_all!(SizeOf<U16>, Dim<16>);
    assert_type_eq_all!(SizeOf<U1023>, Dim<1023>);
    assert_type_eq_all!(SizeOf<U1024>, Dim<1024>);
    assert_type_eq_all!(SizeOf<U2047>, Dim<2047>);
    assert_type_eq_all!(SizeOf<U2048>, Dim<2048>);
    assert_type_eq_all!(SizeOf<U3600>, Dim<3600>);
    assert_type_eq_all!(SizeOf<typenum::U10000>, Dim<10000>);
    assert_type_eq_all!(SizeOf<typenum::U65535>, Dim<65535>);
    assert_type_eq_all!(SizeOf<typenum::U65536>, Dim<65536>);
    assert_type_eq_all!(SizeOf<typenum::U4294967295>, Dim<4294967295>);
    assert_type_eq_all!(SizeOf<typenum::U100000>, Dim<100000>);
    #[cfg(target_pointer_width = "64")]
    {
        assert_type_eq_all!(SizeOf<typenum::U9223372036854775808>, Dim<9223372036854775808>);
        assert_type_eq_all!(SizeOf<typenum::U10000000000000000000>, Dim<10000000000000000000>);
    }
    assert_type_eq_all!(SizeOf<Sum<U1000, U24>>, Dim<1024>);
    assert_type_eq_all!(SizeOf<Prod<U8, U16>>, Dim<128>);
    // A sum of sizes, `Big` included, is the type `shape!` writes for it.
    assert_type_eq_all!(Concatenated<shape![2, 3], shape![4, 3], 0>, shape![6, 3]);
    assert_type_eq_all!(Concatenated<shape![1000], shape![24], 0>, shape![1024]);
    assert_type_eq_all!(Concatenated<shape![2000], shape![47], 0>, shape![2047]);
    assert_type_eq_all!(Concatenated<shape![3000], shape![600], 0>, shape![3600]);
    assert_type_eq_all!(Concatenated<shape![2, 1500], shape![2, 548], 1>, shape![2, 2048]);
    assert_type_eq_all!(SplitBack<shape![2048, 3], 0, 1>, shape![2047, 3]);
    assert_type_eq_all!(SplitBack<shape![1500, 3], 0, 476>, shape![1024, 3]);
    assert_type_eq_all!(Flattened<shape![16, 16, 4]>, shape![1024]);
    assert_type_eq_all!(Flattened<shape![2048, 2]>, shape![4096]);
}

#[test]
fn result_shapes() {
    struct Batch;
    assert_type_eq_all!(Concatenated<shape![2, 3, 4], shape![2, 1, 4], 1>, shape![2, 4, 4]);
    assert_type_eq_all!(
        Concatenated<shape![Batch<'static>, 3], shape![Batch<'static>, 5], 1>,
        shape![Batch<'static>, 8]
    );
    assert_type_eq_all!(Concatenated<shape![0, 3], shape![0, 3], 0>, shape![0, 3]);
    assert_type_eq_all!(Stacked<shape![2, 3], 1, 5>, shape![2, 5, 3]);
    assert_type_eq_all!(Stacked<shape![], 0, 2>, shape![2]);
    assert_type_eq_all!(Stacked<shape![Batch<'static>, 2], 2, 3>, shape![Batch<'static>, 2, 3]);
    assert_type_eq_all!(Squeezed<shape![1], 0>, shape![]);
    assert_type_eq_all!(Squeezed<shape![Batch<'static>, 1, 4], 1>, shape![Batch<'static>, 4]);
    assert_type_eq_all!(Flattened<shape![]>, shape![1]);
    assert_type_eq_all!(Flattened<shape![3, 0]>, shape![0]);
    assert_type_eq_all!(SplitFront<shape![6, Batch<'static>], 0, 2>, shape![2, Batch<'static>]);
    assert_type_eq_all!(SplitBack<shape![6, Batch<'static>], 0, 2>, shape![4, Batch<'static>]);
}

// --- concat -----------------------------------------------------------------------------------

/// `concat::<AXIS>` of an `$a` and a `$b` against the reference, for pairs of every kind
/// (inline, borrowed, mutable, boxed, the boxed view), and `concat_into`; the storage of each
/// result checked as a type.
macro_rules! concat_case {
    ($a:ty, $b:ty, $axis:literal) => {{
        type Out = Concatenated<$a, $b, $axis>;
        let a = Tensor::<i64, $a>::from_fn(values(1));
        let b = Tensor::<i64, $b>::from_fn(values(-1));
        let (want, dims) = ref_concat(a.as_slice(), <$a>::DIMS, b.as_slice(), <$b>::DIMS, $axis);
        assert_eq!(Out::DIMS, &dims[..]);

        let inline: Tensor<i64, Out> = a.concat::<$axis>(&b);
        assert_eq!(inline.as_slice(), want);
        let borrowed: Tensor<i64, Out> = a.view().concat::<$axis>(&b.view());
        assert_eq!(borrowed.as_slice(), want);
        let mut b_data = b.as_slice().to_vec();
        let b_mut = TensorMut::<i64, $b>::new(&mut b_data).unwrap();
        let from_mut: Tensor<i64, Out> = a.concat::<$axis>(&b_mut);
        assert_eq!(from_mut.as_slice(), want);
        let a_boxed = a.to_boxed();
        let boxed: BoxedTensor<i64, Out> = a_boxed.concat::<$axis>(&b);
        assert_eq!(boxed.as_slice(), want);
        let boxed_right: BoxedTensor<i64, Out> = a.concat::<$axis>(&b.to_boxed());
        assert_eq!(boxed_right.as_slice(), want);
        // A view of a box (`BoxedRef`) computes boxed tensors, as the box does.
        let boxed_view: BoxedTensor<i64, Out> = a_boxed.reshape::<$a>().concat::<$axis>(&b);
        assert_eq!(boxed_view.as_slice(), want);

        let mut out = vec![0; want.len()];
        a.concat_into::<$axis>(&b.view(), &mut TensorMut::new(&mut out).unwrap());
        assert_eq!(out, want);
        // Into a mutable view of an owned tensor.
        let mut into = Tensor::<i64, Out>::splat(0);
        a_boxed.concat_into::<$axis>(&b_mut, &mut into.view_mut());
        assert_eq!(into.as_slice(), want);
    }};
}

#[test]
fn concat_fixed_shapes() {
    concat_case!(shape![2, 3], shape![4, 3], 0);
    concat_case!(shape![2, 3], shape![2, 5], 1);
    concat_case!(shape![1], shape![1], 0);
    concat_case!(shape![3], shape![0], 0);
    concat_case!(shape![0, 3], shape![2, 3], 0);
    concat_case!(shape![3, 0], shape![3, 2], 1);
    concat_case!(shape![2, 0, 4], shape![2, 0, 1], 2); // an empty result
    concat_case!(shape![2, 3, 4], shape![2, 1, 4], 1);
    concat_case!(shape![2, 3, 4], shape![2, 3, 2], 2);
    concat_case!(shape![2, 3, 4], shape![5, 3, 4], 0);
    concat_case!(shape![2, 2, 2, 2], shape![2, 2, 3, 2], 2);
    concat_case!(shape![3, 2, 1, 2], shape![3, 2, 4, 2], 2);
    concat_case!(shape![2, 1, 3, 1], shape![2, 1, 3, 2], 3);
    concat_case!(shape![1, 4], shape![7, 4], 0);
}

#[test]
fn concat_sizes_past_1024() {
    let a = BoxedTensor::<i64, shape![2, 1500]>::from_fn(values(1));
    let b = BoxedTensor::<i64, shape![2, 548]>::from_fn(values(-1));
    let (want, dims) = ref_concat(a.as_slice(), &[2, 1500], b.as_slice(), &[2, 548], 1);
    let ab: BoxedTensor<i64, shape![2, 2048]> = a.concat::<1>(&b);
    assert_eq!((ab.as_slice(), &*ab.shape().extents()), (&want[..], &dims[..]));
}

#[test]
fn concat_with_runtime_sizes_on_kept_axes() {
    struct Batch;
    struct Width;
    for rows in [0, 1, 3, 7] {
        bind!(let batch: Batch = rows);
        let x_data: Vec<i64> = (0..rows * 3).map(|i| i as i64).collect();
        let y_data: Vec<i64> = (0..rows * 5).map(|i| 100 + i as i64).collect();
        let x = TensorRef::from_shape(dims![batch, 3], &x_data).unwrap();
        let y = TensorRef::from_shape(dims![batch, 5], &y_data).unwrap();
        let (want, dims) = ref_concat(&x_data, &[rows, 3], &y_data, &[rows, 5], 1);
        let xy: BoxedTensor<i64, shape![Batch, 8]> = x.concat::<1>(&y);
        assert_eq!((xy.as_slice(), &*xy.shape().extents()), (&want[..], &dims[..]));
        let mut out = vec![0; rows * 8];
        x.concat_into::<1>(&y, &mut TensorMut::from_shape(dims![batch, 8], &mut out).unwrap());
        assert_eq!(out, want);

        // A run-time size after the joined axis, and a fixed operand beside a boxed one.
        bind!(let width: Width = rows);
        let p_data: Vec<i64> = (0..2 * rows).map(|i| -(i as i64)).collect();
        let q_data: Vec<i64> = (0..3 * rows).map(|i| 50 + i as i64).collect();
        let p = TensorRef::from_shape(dims![2, width], &p_data).unwrap();
        let q = BoxedTensor::from_shape_vec(dims![3, width], q_data.clone()).unwrap();
        let (want, dims) = ref_concat(&p_data, &[2, rows], &q_data, &[3, rows], 0);
        let pq: BoxedTensor<i64, shape![5, Width]> = p.concat::<0>(&q);
        assert_eq!((pq.as_slice(), &*pq.shape().extents()), (&want[..], &dims[..]));
    }
}

#[test]
fn concat_chains_and_clones() {
    // Elements need only `Clone`.
    let a = BoxedTensor::<String, shape![1, 2]>::from_fn(|i| format!("a{i}"));
    let b = BoxedTensor::<String, shape![1, 2]>::from_fn(|i| format!("b{i}"));
    let ab = a.concat::<0>(&b).concat::<1>(&b.concat::<0>(&a));
    assert_eq!(ab.as_slice(), ["a0", "a1", "b0", "b1", "b0", "b1", "a0", "a1"]);
    let _: &BoxedTensor<String, shape![2, 4]> = &ab;
}

// --- stack ------------------------------------------------------------------------------------

/// `stack::<AXIS>` of three tensors of `$s` against the reference, from arrays of references and
/// of tensors (views of tensors of several kinds), and `stack_into`.
macro_rules! stack_case {
    ($s:ty, $axis:literal) => {{
        type Out = Stacked<$s, $axis, 3>;
        let a = Tensor::<i64, $s>::from_fn(values(1));
        let b = Tensor::<i64, $s>::from_fn(values(1000));
        let c = BoxedTensor::<i64, $s>::from_fn(values(-1));
        let (want, dims) = ref_stack(&[a.as_slice(), b.as_slice(), c.as_slice()], <$s>::DIMS, $axis);
        assert_eq!(Out::DIMS, &dims[..]);
        let c_inline = c.to_inline();
        let inline: Tensor<i64, Out> = [&a, &b, &c_inline].stack::<$axis>();
        assert_eq!(inline.as_slice(), want);
        let views: Tensor<i64, Out> = [a.view(), b.view(), c.view()].stack::<$axis>();
        assert_eq!(views.as_slice(), want);
        let c2 = c.clone();
        let boxed: BoxedTensor<i64, Out> = [&c2, &a.to_boxed(), &b.to_boxed()].stack::<$axis>();
        let (want_boxed, _) = ref_stack(&[c.as_slice(), a.as_slice(), b.as_slice()], <$s>::DIMS, $axis);
        assert_eq!(boxed.as_slice(), want_boxed);
        let owned: Tensor<i64, Out> = [a.clone(), b.clone(), c_inline.clone()].stack::<$axis>();
        assert_eq!(owned.as_slice(), want);
        let mut out = vec![0; want.len()];
        [&a, &b, &c_inline].stack_into::<$axis>(&mut TensorMut::new(&mut out).unwrap());
        assert_eq!(out, want);
    }};
}

#[test]
fn stack_fixed_shapes() {
    stack_case!(shape![], 0);
    stack_case!(shape![4], 0);
    stack_case!(shape![4], 1);
    stack_case!(shape![0], 1);
    stack_case!(shape![2, 3], 0);
    stack_case!(shape![2, 3], 1);
    stack_case!(shape![2, 3], 2);
    stack_case!(shape![2, 1, 3], 1);
    stack_case!(shape![2, 3, 2, 2], 3);
    stack_case!(shape![2, 3, 2, 2], 4);

    let one = Tensor::<i64, shape![2]>::from([5, 6]);
    let single: Tensor<i64, shape![2, 1]> = [&one].stack::<1>();
    assert_eq!(single.as_slice(), [5, 6]);
}

#[test]
fn stack_with_runtime_sizes() {
    struct Batch;
    for rows in [0, 1, 4] {
        bind!(let batch: Batch = rows);
        let data: Vec<Vec<i64>> =
            (0..3).map(|k| (0..rows * 2).map(|i| (k * 100 + i) as i64).collect()).collect();
        let t: Vec<TensorRef<'_, i64, shape![Batch, 2]>> =
            data.iter().map(|d| TensorRef::from_shape(dims![batch, 2], d).unwrap()).collect();
        let parts: Vec<&[i64]> = data.iter().map(Vec::as_slice).collect();
        for (axis, got) in [
            (0, [t[0], t[1], t[2]].stack::<0>().into_vec()),
            (1, [t[0], t[1], t[2]].stack::<1>().into_vec()),
            (2, [t[0], t[1], t[2]].stack::<2>().into_vec()),
        ] {
            let (want, _) = ref_stack(&parts, &[rows, 2], axis);
            assert_eq!(got, want, "axis {axis}, {rows} rows");
        }
        let s: BoxedTensor<i64, shape![Batch, 3, 2]> = [&t[0], &t[1], &t[2]].stack::<1>();
        assert_eq!(*s.shape().extents(), [rows, 3, 2]);
        let mut out = vec![0; rows * 6];
        [t[2], t[1], t[0]].stack_into::<2>(&mut TensorMut::from_shape(dims![batch, 2, 3], &mut out).unwrap());
        assert_eq!(out, ref_stack(&[parts[2], parts[1], parts[0]], &[rows, 2], 2).0);
    }
}

// --- reshape, flatten, squeeze, split_at ------------------------------------------------------

/// `reshape::<$to>()` of an `$from` of every kind: each element of the view, found by its
/// multi-index in `$to`, is the element at the same flat position of the source, found by its
/// multi-index in `$from`.
macro_rules! reshape_case {
    ($from:ty => $to:ty) => {{
        let t = Tensor::<i64, $from>::from_fn(values(3));
        let (from, to) = (<$from>::DIMS, <$to>::DIMS);
        let check = |r: &[i64], get: &dyn Fn(&[usize]) -> Option<i64>| {
            assert_eq!(r.len(), <$from>::LEN);
            let len = <$to>::LEN;
            for i in 0..len {
                assert_eq!(get(&unravel(i, to)), t.get(&unravel(i, from)).copied());
            }
        };
        let r: TensorRef<'_, i64, $to> = t.reshape::<$to>();
        check(r.as_slice(), &|ix| r.get(ix).copied());
        let v = t.view();
        let r = v.reshape::<$to>();
        check(r.as_slice(), &|ix| r.get(ix).copied());
        let boxed = t.to_boxed();
        let r = boxed.reshape::<$to>();
        check(r.as_slice(), &|ix| r.get(ix).copied());
        let _: BoxedTensor<i64, $to> = &r + 0; // the boxed view's results stay boxed
        let mut data = t.as_slice().to_vec();
        let m = TensorMut::<i64, $from>::new(&mut data).unwrap();
        let r = m.reshape::<$to>();
        check(r.as_slice(), &|ix| r.get(ix).copied());
        // Back again: the same tensor.
        assert_eq!(t.reshape::<$to>().reshape::<$from>(), t);
    }};
}

#[test]
fn reshape_keeps_the_row_major_elements() {
    reshape_case!(shape![2, 3] => shape![3, 2]);
    reshape_case!(shape![2, 3] => shape![6]);
    reshape_case!(shape![2, 3] => shape![1, 6, 1]);
    reshape_case!(shape![2, 3, 4] => shape![4, 6]);
    reshape_case!(shape![2, 3, 4] => shape![2, 2, 2, 3]);
    reshape_case!(shape![] => shape![1, 1]);
    reshape_case!(shape![0, 3] => shape![3, 0]);
    reshape_case!(shape![5] => shape![5]);
}

#[test]
fn reshape_to_big_sizes() {
    // Counts past the table: compared as typenum numbers, no `Dim` needed.
    let t = BoxedTensor::<u16, shape![1500, 2]>::from_fn(|i| i as u16);
    let flat = t.reshape::<shape![3000]>();
    assert_eq!(flat.get(&[2999]), Some(&2999));
    let back = flat.reshape::<shape![2, 1500]>();
    assert_eq!(back.get(&[1, 0]), Some(&1500));
}

#[test]
fn flatten_every_kind() {
    let t = Tensor::<i64, shape![2, 3, 4]>::from_fn(values(0));
    let f: TensorRef<'_, i64, shape![24]> = t.flatten();
    for i in 0..24 {
        assert_eq!(f.get(&[i]), t.get(&unravel(i, &[2, 3, 4])));
    }
    let boxed = t.to_boxed();
    let doubled: BoxedTensor<i64, shape![24]> = &boxed.flatten() * 2;
    assert_eq!(doubled.get(&[23]), Some(&46));
    let scalar = Tensor::<i64, shape![]>::from_fn(|_| 7);
    let one: TensorRef<'_, i64, shape![1]> = scalar.flatten();
    assert_eq!(one.as_slice(), [7]);
    let empty = Tensor::<i64, shape![3, 0]>::from_fn(values(0));
    assert!(empty.flatten().as_slice().is_empty());
}

#[test]
fn squeeze_removes_a_size_one_axis() {
    let t = Tensor::<i64, shape![2, 1, 3]>::from_fn(values(1));
    let s: TensorRef<'_, i64, shape![2, 3]> = t.squeeze::<1>();
    for i in 0..2 {
        for j in 0..3 {
            assert_eq!(s.get(&[i, j]), t.get(&[i, 0, j]));
        }
    }
    // The inverse of `insert_axis`, both ways.
    assert_eq!(s.insert_axis::<1>(), t);
    let v = Tensor::<i64, shape![4]>::from_fn(values(1));
    for row in [v.insert_axis::<0>().squeeze::<0>(), v.insert_axis::<1>().squeeze::<1>()] {
        assert_eq!(row, v);
    }
    let one = Tensor::<i64, shape![1]>::from([9]);
    let scalar: TensorRef<'_, i64, shape![]> = one.squeeze::<0>();
    assert_eq!(scalar.value(), 9);
    let ones = Tensor::<i64, shape![1, 1]>::from([[4]]);
    assert_eq!(ones.squeeze::<0>().squeeze::<0>().value(), 4);
    let empty = Tensor::<i64, shape![0, 1]>::from_fn(values(0));
    let _: TensorRef<'_, i64, shape![0]> = empty.squeeze::<1>();
    let boxed = t.to_boxed();
    let from_box: BoxedTensor<i64, shape![2, 3]> = &boxed.squeeze::<1>() + 0; // stays boxed
    assert_eq!(from_box, s);

    struct Batch;
    bind!(let batch: Batch = 3);
    let data = [1, 2, 3, 4, 5, 6];
    let x = TensorRef::from_shape(dims![batch, 1, 2], &data).unwrap();
    let y: TensorRef<'_, i64, shape![Batch, 2]> = x.squeeze::<1>();
    assert_eq!((&*y.shape().extents(), y.get(&[2, 1])), (&[3, 2][..], Some(&6)));
}

#[test]
fn split_at_axis_0() {
    let t = Tensor::<i64, shape![5, 2]>::from_fn(values(1));
    macro_rules! split {
        ($pos:literal) => {{
            let pos: usize = $pos;
            let (front, back) = t.split_at::<0, $pos>();
            let _: (
                TensorRef<'_, i64, SplitFront<shape![5, 2], 0, $pos>>,
                TensorRef<'_, i64, SplitBack<shape![5, 2], 0, $pos>>,
            ) = (front, back);
            assert_eq!(front.shape().extents()[0], pos);
            assert_eq!(back.shape().extents()[0], 5 - pos);
            for i in 0..5 {
                for j in 0..2 {
                    let part = if i < pos { front.get(&[i, j]) } else { back.get(&[i - pos, j]) };
                    assert_eq!(part, t.get(&[i, j]));
                }
            }
        }};
    }
    split!(0);
    split!(1);
    split!(3);
    split!(5);

    // Every kind; a boxed tensor's parts compute boxed tensors.
    let boxed = t.to_boxed();
    let (front, back) = boxed.split_at::<0, 2>();
    let sum: BoxedTensor<i64, shape![2, 2]> = front + back.split_at::<0, 2>().0;
    assert_eq!(sum.as_slice(), [6, 8, 10, 12]);
    let mut data = t.as_slice().to_vec();
    let m = TensorMut::<i64, shape![5, 2]>::new(&mut data).unwrap();
    assert_eq!(m.split_at::<0, 4>().1.as_slice(), [9, 10]);

    // Run-time sizes after axis 0.
    struct Width;
    bind!(let width: Width = 3);
    let data: Vec<i64> = (0..18).collect();
    let x = TensorRef::from_shape(dims![6, width], &data).unwrap();
    let (head, tail): (TensorRef<'_, i64, shape![2, Width]>, TensorRef<'_, i64, shape![4, Width]>) =
        x.split_at::<0, 2>();
    assert_eq!((head.as_slice(), tail.get(&[3, 2])), (&data[..6], Some(&17)));
    assert_eq!(*tail.shape().extents(), [4, 3]);
}

#[test]
fn views_compose() {
    // Split, squeeze, reshape and concatenate back: the same elements. (A view of a view borrows
    // the first view, as `insert_axis` does: each is bound to a name.)
    let t = Tensor::<i64, shape![4, 1, 6]>::from_fn(values(10));
    let (a, b) = t.split_at::<0, 1>();
    let (a, b) = (a.squeeze::<1>(), b.squeeze::<1>());
    let (a, b) = (a.reshape::<shape![2, 3]>(), b.reshape::<shape![6, 3]>());
    let joined = a.concat::<0>(&b);
    assert_eq!(joined.as_slice(), t.as_slice());
    let _: &Tensor<i64, shape![8, 3]> = &joined;
    let flat = joined.flatten();
    assert_eq!(flat.as_slice(), t.as_slice());
}

/// Operands of no elements can join into a shape whose sizes other than 0 multiply past
/// `usize` (`[2^62, 0]` stacked four times along axis 1 would be `[2^62, 4, 0]`), which no
/// tensor may have (`from_shape` refuses it): a merge of its axes would have no value, and
/// unmerged it would give a run-time size another value than its binding's. `stack` and
/// `concat` refuse such a shape, as their documentation says, before it exists.
#[test]
#[should_panic(
    expected = "cannot stack [4611686018427387904, 0] along a new axis 1: the result's sizes other than 0"
)]
fn a_stack_past_the_element_count_is_refused() {
    struct A;
    bind!(let a: A = 1usize << 62);
    let t = TensorRef::from_shape(dims![a, 0], &[] as &[u8]).unwrap();
    let _ = [&t, &t, &t, &t].stack::<1>();
}

/// See [`a_stack_past_the_element_count_is_refused`], for a concatenation of run-time sizes.
#[test]
#[should_panic(expected = "along axis 0: the result's sizes other than 0 multiply past usize")]
fn a_concatenation_past_the_element_count_is_refused() {
    struct A;
    struct B;
    bind!(let a: A = (1 << 19) + 1);
    bind!(let b: B = (1 << 19) + 1);
    let za = TensorRef::from_shape(dims![a, 17592186044416, 0], &[] as &[f32]).unwrap();
    let zb = TensorRef::from_shape(dims![b, 17592186044416, 0], &[] as &[f32]).unwrap();
    let _ = za.concat::<0>(&zb); // [A+B, 2^44, 0]: (2^20 + 2) · 2^44 passes 2^64
}

/// `try_stack` and `try_concat` return the errors `stack` and `concat` panic with: those of
/// `dynamic::stack` and `dynamic::concat` for the same shapes.
#[test]
fn try_stack_and_try_concat_return_the_refusal() {
    struct A;
    struct B;
    bind!(let a: A = 1usize << 62);
    let t = TensorRef::from_shape(dims![a, 0], &[] as &[u8]).unwrap();
    let err = [&t, &t, &t, &t].try_stack::<1>().unwrap_err();
    assert_eq!(err.kind(), shapecast::dynamic::ErrorKind::TooManyElements);
    let parts = [shapecast::dynamic::Array::new(&[] as &[u8], &[1 << 62, 0]).unwrap(); 4];
    assert_eq!(shapecast::dynamic::stack(&parts, 1, &mut []).unwrap_err(), err);
    assert_eq!(
        err.to_string(),
        "cannot stack [4611686018427387904, 0] along a new axis 1: the result's sizes other than 0 multiply past \
         usize, which no shape's may, even one with no elements"
    );
    // A joined run-time size past `usize`: no `Plus` of that value exists.
    bind!(let b: B = usize::MAX);
    let u = TensorRef::from_shape(dims![b, 0], &[] as &[u8]).unwrap();
    let one = Tensor::<u8, shape![1, 0]>::from_fn(|_| 0);
    let err = u.try_concat::<0>(&one).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "cannot concatenate [{0}, 0] with [1, 0] along axis 0: the joined axis 0 would have size {0} + 1, past usize",
            usize::MAX
        )
    );
    // What joins is the tensor `concat` and `stack` give.
    let x = Tensor::<u8, shape![2, 2]>::from([[1, 2], [3, 4]]);
    assert_eq!(x.try_concat::<1>(&x).unwrap().as_slice(), x.concat::<1>(&x).as_slice());
    assert_eq!([&x, &x].try_stack::<2>().unwrap().as_slice(), [&x, &x].stack::<2>().as_slice());
    struct Cut;
    bind!(let cut: Cut = 1);
    let (front, back) = x.split_off::<1, _>(cut).unwrap();
    let (front, back) = (front.to_tensor(), back.to_tensor());
    let joined: Tensor<u8, shape![2, 2]> = front.try_rejoin::<1>(&back).unwrap();
    assert_eq!(joined.as_slice(), front.rejoin::<1>(&back).as_slice());
    assert_eq!(joined.as_slice(), x.as_slice());
}

/// The same shapes' operands joined where the result can be counted: no refusal.
#[test]
fn a_stack_of_empty_tensors_within_the_element_count_is_made() {
    struct A;
    bind!(let a: A = 1usize << 60);
    let t = TensorRef::from_shape(dims![a, 0], &[] as &[u8]).unwrap();
    let s = [&t, &t, &t, &t].stack::<1>();
    assert_eq!(*s.shape().extents(), [1 << 60, 4, 0]);
    let back = s.merge_axes::<0>().unmerge_axis::<0>();
    assert_eq!(*back.shape().extents(), *s.shape().extents());
}

/// A joined shape of fixed sizes is checked while the program compiles, and one no tensor has
/// (sizes other than 0 past `usize`, reachable from operands of no elements) is still refused.
#[test]
#[should_panic(expected = "the result's sizes other than 0 multiply past usize")]
fn a_fixed_concatenation_past_the_element_count_is_refused() {
    let empty: [u8; 0] = [];
    let half = TensorRef::<u8, shape![0, 4611686018427387904, 2]>::new(&empty).unwrap();
    let _ = half.concat::<2>(&half); // [0, 2^62, 4]
}

/// As for `concat`: four `[0, 2^62]` stacked along a new axis 2 are `[0, 2^62, 4]`.
#[test]
#[should_panic(expected = "the result's sizes other than 0 multiply past usize")]
fn a_fixed_stack_past_the_element_count_is_refused() {
    let empty: [u8; 0] = [];
    let part = TensorRef::<u8, shape![0, 4611686018427387904]>::new(&empty).unwrap();
    let _ = [&part, &part, &part, &part].stack::<2>();
}
