//! Matrix products against a naive triple loop that never calls the library
//! (`common/reference.rs`): random ranks 1–5 with batch broadcasting and sizes 0–5 through the
//! run-time API, then the typed API over every tensor kind, fixed and run-time sizes, transposed
//! views, the plain loops and the GEMM, f32, f64 and integers.

#![allow(clippy::type_complexity)] // shapes written out where a test checks a result's type

#[path = "common/reference.rs"]
mod reference;

use proptest::prelude::*;
use shapecast::dynamic::{self, Array};
use shapecast::prelude::*;

fn naive_i64(a: (&[i64], &[usize]), b: (&[i64], &[usize])) -> Option<(Vec<usize>, Vec<i64>)> {
    reference::matmul(a, b, 0i64, |acc, x, y| acc.wrapping_add(x.wrapping_mul(y)))
}

fn naive_f64(a: (&[f64], &[usize]), b: (&[f64], &[usize])) -> Option<(Vec<usize>, Vec<f64>)> {
    reference::matmul(a, b, 0.0, |acc, x, y| acc + x * y)
}

/// Two shapes that multiply (or, when `spoil`, likely do not): batch axes that broadcast, the
/// contracted sizes equal.
fn pair() -> impl Strategy<Value = (Vec<usize>, Vec<usize>)> {
    (1usize..=5, 1usize..=5, prop::collection::vec(0usize..=4, 8), any::<u16>(), any::<bool>(), 0usize..=4)
        .prop_map(|(ra, rb, sizes, ones, spoil, v)| {
            let (m, k, n) = (sizes[0], sizes[1], sizes[2]);
            let batch: Vec<usize> = sizes[3..].to_vec();
            let batch_of = |rank: usize, shift: u32| -> Vec<usize> {
                let nb = rank.saturating_sub(2);
                batch[batch.len() - nb..]
                    .iter()
                    .enumerate()
                    .map(|(i, &d)| if ones >> (shift + i as u32) & 1 == 1 { 1 } else { d })
                    .collect()
            };
            let mut a = batch_of(ra, 0);
            a.extend(if ra == 1 { vec![k] } else { vec![m, k] });
            let mut b = batch_of(rb, 8);
            b.extend(if rb == 1 { vec![k] } else { vec![k, n] });
            if spoil {
                let i = v % b.len();
                b[i] = v;
            }
            (a, b)
        })
}

fn values(dims: &[usize], seed: i64) -> Vec<i64> {
    let n: usize = dims.iter().product();
    (0..n as i64).map(|i| (i * 7 + seed) % 11 - 5).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn run_time_products_match_the_triple_loop((da, db) in pair()) {
        let (a, b) = (values(&da, 1), values(&db, 3));
        let expected = naive_i64((&a, &da), (&b, &db));
        let shape = dynamic::matmul_shape(&da, &db);
        prop_assert_eq!(shape.as_ref().ok().map(|s| s.to_vec()), expected.as_ref().map(|e| e.0.clone()));
        let len = expected.as_ref().map_or(1, |e| e.1.len());
        let mut out = vec![99; len];
        let result = dynamic::matmul(Array::new(&a, &da).unwrap(), Array::new(&b, &db).unwrap(), &mut out);
        match expected {
            Some((dims, want)) => {
                prop_assert_eq!(&*result.unwrap(), &dims[..]);
                prop_assert_eq!(out, want);
            }
            None => {
                prop_assert!(result.is_err());
                prop_assert!(out.iter().all(|&x| x == 99), "nothing is written on error");
            }
        }
    }

    #[test]
    fn float_products_match_the_triple_loop((da, db) in pair()) {
        let a: Vec<f64> = values(&da, 2).into_iter().map(|x| x as f64 * 0.5).collect();
        let b: Vec<f64> = values(&db, 5).into_iter().map(|x| x as f64 * 0.25).collect();
        if let Some((_, want)) = naive_f64((&a, &da), (&b, &db)) {
            let mut out = vec![f64::NAN; want.len()];
            dynamic::matmul(Array::new(&a, &da).unwrap(), Array::new(&b, &db).unwrap(), &mut out).unwrap();
            // Small integers times powers of two: every partial sum is exact, so any order agrees.
            prop_assert_eq!(out, want);
        }
    }
}

#[test]
fn the_square_product_of_the_issue() {
    let a = Tensor::<i32, shape![2, 2]>::from([[1, 2], [3, 4]]);
    let b = Tensor::<i32, shape![2, 2]>::from([[5, 6], [7, 8]]);
    assert_eq!(a.matmul(&b).as_slice(), [19, 22, 43, 50]);
    assert_eq!(a.mt().matmul(&b).as_slice(), [26, 30, 38, 44]);
    assert_eq!(a.matmul(&b.mt()).as_slice(), [17, 23, 39, 53]);
    assert_eq!(a.mt().matmul(&b.mt()).as_slice(), [23, 31, 34, 46]);
}

#[test]
fn one_dimensional_operands_are_rows_and_columns() {
    let m = Tensor::<i64, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
    let v3 = Tensor::<i64, shape![3]>::from([1, 0, -1]);
    let v2 = Tensor::<i64, shape![2]>::from([1, 1]);
    let mv: Tensor<i64, shape![2]> = m.matmul(&v3);
    assert_eq!(mv.as_slice(), [-2, -2]);
    let vm: Tensor<i64, shape![3]> = v2.matmul(&m);
    assert_eq!(vm.as_slice(), [5, 7, 9]);
    let dot: Tensor<i64, shape![]> = v3.matmul(&v3);
    assert_eq!(dot.value(), 2);
    // Batched: [2, 2, 3] · [3] → [2, 2]; [3] · [2, 3, 2] → [2, 2]
    let batch = Tensor::<i64, shape![2, 2, 3]>::from_fn(|i| i as i64);
    assert_eq!(batch.matmul(&v3).as_slice(), [-2, -2, -2, -2]);
    let right = Tensor::<i64, shape![2, 3, 2]>::from_fn(|i| i as i64);
    assert_eq!(v3.matmul(&right).as_slice(), [-4, -4, -4, -4]);
}

/// Every typed product of shapes `$a · $b` against the reference, for each tensor kind.
macro_rules! check_fixed {
    ($t:ty; $($a:tt * $b:tt),* $(,)?) => {$({
        type A = shape!$a;
        type B = shape!$b;
        let a = BoxedTensor::<$t, A>::from_fn(|i| ((i * 7 + 1) % 11) as $t - 5 as $t);
        let b = BoxedTensor::<$t, B>::from_fn(|i| ((i * 5 + 3) % 13) as $t - 6 as $t);
        let (dims, want) = reference::matmul(
            (a.as_slice(), A::dims()),
            (b.as_slice(), B::dims()),
            0 as $t,
            |acc, x, y| acc + x * y,
        )
        .unwrap();
        let boxed = a.matmul(&b);
        assert_eq!(&*boxed.shape().extents(), &dims[..], "{:?} * {:?}", A::dims(), B::dims());
        assert_eq!(boxed.as_slice(), &want[..], "{:?} * {:?}", A::dims(), B::dims());
        let (ra, rb) = (a.view(), b.view());
        assert_eq!(ra.matmul(&rb).as_slice(), &want[..]);
        let mut out = vec![0 as $t; want.len()];
        ra.matmul_into(&rb, &mut TensorMut::new(&mut out).unwrap());
        assert_eq!(out, want);
    })*};
}

#[test]
fn fixed_shapes_of_every_rank_pair() {
    check_fixed!(i64;
        [3] * [3], [3] * [3, 4], [2, 3] * [3], [2, 3] * [3, 4],
        [5, 2, 3] * [3, 4], [2, 3] * [5, 3, 4], [5, 2, 3] * [5, 3, 4], [5, 1, 2, 3] * [4, 3, 2],
        [2, 1, 1, 2, 3] * [3, 1, 3, 2], [1, 2, 3] * [6, 3, 1], [3] * [2, 2, 3, 4], [2, 2, 2, 3] * [3],
        [0, 3] * [3, 2], [2, 0] * [0, 4], [4, 0, 3] * [3, 2], [2, 3] * [3, 0],
    );
    check_fixed!(f64; [4, 4] * [4, 4], [4, 4] * [4], [2, 4] * [4, 4], [3, 5, 7] * [7, 2]);
    check_fixed!(f32; [4, 4] * [4, 4], [1, 9] * [9, 1]);
}

#[test]
fn large_products_take_the_gemm_and_agree_with_the_loops() {
    // Sizes past the plain loops' range, odd so every edge of the GEMM's blocks is met.
    type A = shape![3, 37, 61];
    type B = shape![61, 45];
    let a = BoxedTensor::<f64, A>::from_fn(|i| ((i * 7 + 1) % 11) as f64 - 5.0);
    let b = BoxedTensor::<f64, B>::from_fn(|i| ((i * 5 + 3) % 13) as f64 - 6.0);
    let (_, want) = naive_f64((a.as_slice(), A::dims()), (b.as_slice(), B::dims())).unwrap();
    assert_eq!(a.matmul(&b).as_slice(), &want[..]);
    // The same through transposed views: (bᵀ · aᵀ)ᵀ = a · b.
    let bt = b.mt().to_tensor();
    let at = BoxedTensor::<f64, shape![3, 61, 37]>::from_fn(|i| {
        let (mat, r, c) = (i / (61 * 37), i / 37 % 61, i % 37);
        a.as_slice()[mat * 37 * 61 + c * 61 + r]
    });
    let product = at.mt().matmul(&bt.mt()); // [3, 37, 61] · [61, 45]
    assert_eq!(product.as_slice(), &want[..]);
    // f32: small integers, exact in any order.
    let a32 = BoxedTensor::<f32, A>::from_fn(|i| a.as_slice()[i] as f32);
    let b32 = BoxedTensor::<f32, B>::from_fn(|i| b.as_slice()[i] as f32);
    let want32: Vec<f32> = want.iter().map(|&x| x as f32).collect();
    assert_eq!(a32.matmul(&b32.mt().to_tensor().mt()).as_slice(), &want32[..]);
}

#[test]
fn run_time_sizes_stay_typed() {
    struct Batch;
    struct Hidden;
    let data: Vec<f32> = (0..5 * 8).map(|i| (i % 7) as f32).collect();
    bind!(let batch: Batch = 5);
    bind!(let hidden: Hidden = 3);
    let x = TensorRef::from_shape(dims![batch, 8], &data).unwrap();
    let w = BoxedTensor::from_shape_fn(dims![8, hidden], |i| (i % 5) as f32 - 2.0).unwrap();
    let y = x.matmul(&w); // [Batch, 8] · [8, Hidden] → [Batch, Hidden]
    let _: &BoxedTensor<f32, shape![Batch, Hidden]> = &y;
    let (_, want) =
        reference::matmul((&data, &[5, 8]), (w.as_slice(), &[8, 3]), 0.0, |a, x, y| a + x * y).unwrap();
    assert_eq!(y.as_slice(), &want[..]);
    // Contracting over a run-time size: [Batch, 8]ᵀ · [Batch, 8] → [8, 8], inline.
    let gram: Tensor<f32, shape![8, 8]> = x.mt().matmul(&x);
    assert_eq!(gram.get(&[0, 0]), Some(&data.chunks(8).map(|r| r[0] * r[0]).sum::<f32>()));
}

#[test]
fn an_empty_contraction_gives_zeros() {
    let a = Tensor::<f32, shape![2, 0]>::from_fn(|_| 1.0);
    let b = Tensor::<f32, shape![0, 3]>::from_fn(|_| 1.0);
    assert_eq!(a.matmul(&b).as_slice(), [0.0; 6]);
    let big_a = BoxedTensor::<f64, shape![40, 0]>::from_fn(|_| 1.0);
    let big_b = BoxedTensor::<f64, shape![0, 50]>::from_fn(|_| 1.0);
    let mut out = vec![f64::NAN; 2000];
    big_a.matmul_into(&big_b, &mut TensorMut::new(&mut out).unwrap());
    assert!(out.iter().all(|&x| x == 0.0));
}

#[test]
fn a_result_too_large_to_count_is_an_error_before_anything_is_allocated() {
    struct Rows;
    struct Cols;
    bind!(let rows: Rows = usize::MAX / 2);
    bind!(let cols: Cols = 3);
    let a = BoxedTensor::from_elem(dims![rows, 0], 1.0f32).unwrap();
    let b = BoxedTensor::from_elem(dims![0, cols], 1.0f32).unwrap();
    let err = a.try_matmul(&b).unwrap_err();
    assert_eq!(err.kind(), dynamic::ErrorKind::TooManyElements);
}

#[test]
fn integers_wrap() {
    let a = Tensor::<i8, shape![1, 2]>::from([[100, 100]]);
    let b = Tensor::<i8, shape![2, 1]>::from([[2], [1]]);
    assert_eq!(a.matmul(&b).value_at(), 300i32 as i8);
}

trait ValueAt<T> {
    fn value_at(&self) -> T;
}
impl<T: Copy, S: Shape> ValueAt<T> for Tensor<T, S> {
    fn value_at(&self) -> T {
        self.as_slice()[0]
    }
}
