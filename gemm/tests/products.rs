//! Products against the naive triple loop: shapes with 0, 1 and odd sizes; row-major,
//! column-major (transposed), padded, strided, broadcast and offset layouts; f64 and f32.

mod common;

use common::{C_ORDERS, Layout, Num, ORDERS, Order, Owned, Rng, check_against_naive};
use proptest::prelude::*;
use shapecast_gemm::{Gemm, MatMut, MatRef};

/// The shapes the brief names, and ones that cross matrixmultiply's kernel and block sizes.
const SHAPES: [(usize, usize, usize); 16] = [
    (0, 0, 0),
    (0, 5, 3),
    (3, 0, 4),
    (4, 5, 0),
    (1, 1, 1),
    (1, 7, 1),
    (7, 1, 9),
    (7, 13, 5),
    (8, 8, 8),
    (9, 4, 17),
    (16, 16, 16),
    (33, 17, 9),
    (65, 3, 130),
    (1, 130, 65),
    (130, 65, 1),
    (5, 600, 7),
];

const SCALARS: [(f64, f64); 5] = [(1.0, 0.0), (1.0, 1.0), (-0.5, 2.0), (2.0, -1.0), (0.0, 0.5)];

fn exact_case<T: Num>(
    (m, k, n): (usize, usize, usize),
    la: Layout,
    lb: Layout,
    lc: Layout,
    scalars: (f64, f64),
    seed: u64,
) {
    let mut rng = Rng(seed);
    let a = Owned::<T>::new(m, k, la, || T::from_f64(rng.dyadic()));
    let b = Owned::<T>::new(k, n, lb, || T::from_f64(rng.dyadic()));
    let c = Owned::<T>::new(m, n, lc, || T::from_f64(rng.dyadic()));
    // Dyadic values: every product and sum is exact in f32 and f64, so the tolerance is 0.
    check_against_naive(T::from_f64(scalars.0), &a, &b, T::from_f64(scalars.1), &c, 0.0);
}

fn padded(order: Order, inner: usize, pad: usize, offset: usize) -> Layout {
    Layout { order, inner, pad, offset, slack: 1 }
}

#[test]
fn named_shapes_every_order_exact() {
    let mut seed = 1;
    for &(m, k, n) in &SHAPES {
        for oa in ORDERS {
            for ob in ORDERS {
                for oc in C_ORDERS {
                    seed += 1;
                    let scalars = SCALARS[seed as usize % SCALARS.len()];
                    let (la, lb, lc) = (Layout::dense(oa), Layout::dense(ob), Layout::dense(oc));
                    exact_case::<f64>((m, k, n), la, lb, lc, scalars, seed);
                    exact_case::<f32>((m, k, n), la, lb, lc, scalars, seed);
                    // Strided, padded and offset, each operand differently.
                    let (la, lb, lc) = (padded(oa, 2, 1, 3), padded(ob, 1, 3, 1), padded(oc, 3, 2, 2));
                    exact_case::<f64>((m, k, n), la, lb, lc, scalars, seed);
                    exact_case::<f32>((m, k, n), la, lb, lc, scalars, seed);
                }
            }
        }
    }
}

/// Non-dyadic values: f64 and f32 within a tolerance of the f64 naive product.
fn uniform_case<T: Num>(m: usize, k: usize, n: usize, tol: f64, seed: u64) {
    let mut rng = Rng(seed);
    let (la, lb, lc) = (
        padded(Order::RowMajor, 1, 2, 1),
        padded(Order::ColMajor, 2, 0, 4),
        padded(Order::ColMajor, 1, 1, 0),
    );
    let a = Owned::<T>::new(m, k, la, || T::from_f64(rng.uniform()));
    let b = Owned::<T>::new(k, n, lb, || T::from_f64(rng.uniform()));
    let c = Owned::<T>::new(m, n, lc, || T::from_f64(rng.uniform()));
    check_against_naive(T::from_f64(0.7), &a, &b, T::from_f64(-1.3), &c, tol);
}

#[test]
fn named_shapes_uniform_values_within_tolerance() {
    for (seed, &(m, k, n)) in SHAPES.iter().enumerate() {
        uniform_case::<f64>(m, k, n, 1e-13, seed as u64);
        uniform_case::<f32>(m, k, n, 1e-5, seed as u64);
    }
}

/// `beta == 0` overwrites: a NaN (or infinity) in the old `c` does not survive, through
/// matrixmultiply's full and masked kernels, in each of its store paths (`csc == 1`, `rsc == 1`,
/// general), and through this crate's own `k == 0` path. Elements outside `c` keep their NaN.
fn nan_case<T: Num>(m: usize, k: usize, n: usize, lc: Layout, beta: f64) {
    let mut rng = Rng((m * 1000 + k * 10 + n) as u64);
    let a = Owned::<T>::new(m, k, Layout::dense(Order::RowMajor), || T::from_f64(rng.dyadic()));
    let b = Owned::<T>::new(k, n, Layout::dense(Order::ColMajor), || T::from_f64(rng.dyadic()));
    let c = Owned::<T>::new(m, n, lc, || T::NAN);
    check_against_naive(T::from_f64(1.5), &a, &b, T::from_f64(beta), &c, 0.0);
    let mut got = c.clone();
    T::gemm(T::from_f64(1.5), a.as_ref(), b.as_ref(), T::from_f64(beta), got.as_mut()).unwrap();
    for i in 0..m {
        for j in 0..n {
            assert!(!got.get(i, j).to_f64().is_nan(), "NaN survived at ({i}, {j}) of {m}×{k}×{n}");
        }
    }
}

#[test]
fn beta_zero_overwrites_nan() {
    let layouts = [
        Layout::dense(Order::RowMajor),
        Layout::dense(Order::ColMajor),
        padded(Order::RowMajor, 2, 1, 1),
        padded(Order::ColMajor, 3, 0, 2),
    ];
    for (m, k, n) in
        [(1, 1, 1), (3, 5, 2), (8, 8, 8), (16, 16, 16), (64, 64, 64), (65, 3, 130), (5, 600, 7), (4, 0, 3)]
    {
        for lc in layouts {
            for beta in [0.0, -0.0] {
                nan_case::<f64>(m, k, n, lc, beta);
                nan_case::<f32>(m, k, n, lc, beta);
            }
        }
    }
}

#[test]
fn beta_nonzero_reads_c() {
    // The converse: with beta != 0, c is read, so its NaN does propagate (and with k == 0 too).
    for k in [0, 3] {
        let a = [1.0f64; 6];
        let b = [1.0f64; 6];
        let mut c = [f64::NAN, 1.0];
        let a = MatRef { data: &a, offset: 0, rows: 1, cols: k, row_stride: k, col_stride: 1 };
        let b = MatRef { data: &b, offset: 0, rows: k, cols: 2, row_stride: 2, col_stride: 1 };
        let cm = MatMut { data: &mut c, offset: 0, rows: 1, cols: 2, row_stride: 2, col_stride: 1 };
        f64::gemm(1.0, a, b, 2.0, cm).unwrap();
        assert!(c[0].is_nan());
        assert_eq!(c[1], 2.0 + k as f64);
    }
}

#[test]
fn empty_c_is_not_touched() {
    // m == 0 or n == 0: nothing written, whatever beta.
    let a = [1.0f32; 4];
    let b = [1.0f32; 4];
    let mut c = [f32::NAN; 4];
    let a_ = MatRef { data: &a, offset: 0, rows: 0, cols: 2, row_stride: 2, col_stride: 1 };
    let b_ = MatRef { data: &b, offset: 0, rows: 2, cols: 2, row_stride: 2, col_stride: 1 };
    let c_ = MatMut { data: &mut c, offset: 0, rows: 0, cols: 2, row_stride: 2, col_stride: 1 };
    f32::gemm(1.0, a_, b_, 0.0, c_).unwrap();
    assert!(c.iter().all(|x| x.is_nan()));
    // An empty operand may sit anywhere (its offset is never used).
    let a_ = MatRef { data: &[], offset: 99, rows: 2, cols: 0, row_stride: 0, col_stride: 0 };
    let b_ = MatRef { data: &[], offset: 99, rows: 0, cols: 2, row_stride: 0, col_stride: 0 };
    let c_ = MatMut { data: &mut c, offset: 0, rows: 2, cols: 2, row_stride: 2, col_stride: 1 };
    f32::gemm(1.0, a_, b_, 0.0, c_).unwrap();
    assert_eq!(c, [0.0; 4]);
}

fn layout_strategy(orders: &'static [Order]) -> impl Strategy<Value = Layout> {
    (0..orders.len(), 1..=3usize, 0..=3usize, 0..=4usize, 0..=2usize).prop_map(
        move |(o, inner, pad, offset, slack)| Layout { order: orders[o], inner, pad, offset, slack },
    )
}

fn dim() -> impl Strategy<Value = usize> {
    prop_oneof![0..=2usize, 0..=24usize, 25..=70usize]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(192))]

    #[test]
    fn random_shapes_and_layouts(
        m in dim(), k in dim(), n in dim(),
        la in layout_strategy(&ORDERS), lb in layout_strategy(&ORDERS), lc in layout_strategy(&C_ORDERS),
        scalars in prop::sample::select(SCALARS.to_vec()),
        seed in any::<u64>(),
    ) {
        exact_case::<f64>((m, k, n), la, lb, lc, scalars, seed);
        exact_case::<f32>((m, k, n), la, lb, lc, scalars, seed);
        uniform_case::<f64>(m, k, n, 1e-13, seed);
        uniform_case::<f32>(m, k, n, 1e-5, seed);
    }
}
