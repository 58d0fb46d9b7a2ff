//! Small fixed square matrices: `eye`, `inv` and `solve`, checked against a reference written
//! here (the adjugate and Cramer's rule, by cofactor expansion in f64: no elimination, no
//! pivoting), on random well-conditioned matrices of every size from 1×1 to 4×4 in f32 and f64;
//! singular and non-finite matrices, which must be errors; and every storage kind.
#![forbid(unsafe_code)]

use num_traits::float::FloatCore;
use shapecast::SingularError;
use shapecast::prelude::*;
use shapecast::tensor::SquareShape;

// --- The reference ----------------------------------------------------------------------------

/// The determinant of the `n × n` row-major matrix `a`, by cofactor expansion along row 0.
fn det(a: &[f64], n: usize) -> f64 {
    if n == 0 {
        return 1.0;
    }
    (0..n)
        .map(|j| {
            let sign = if j % 2 == 0 { 1.0 } else { -1.0 };
            sign * a[j] * det(&minor(a, n, 0, j), n - 1)
        })
        .sum()
}

/// `a` without row `r` and column `c`.
fn minor(a: &[f64], n: usize, r: usize, c: usize) -> Vec<f64> {
    (0..n)
        .filter(|&i| i != r)
        .flat_map(|i| (0..n).filter(move |&j| j != c).map(move |j| a[i * n + j]))
        .collect()
}

/// The inverse by the adjugate: `inv[i][j] = (-1)^(i+j) det(minor(j, i)) / det`.
fn reference_inverse(a: &[f64], n: usize) -> Vec<f64> {
    let d = det(a, n);
    let mut inv = vec![0.0; n * n];
    for i in 0..n {
        for j in 0..n {
            let sign = if (i + j) % 2 == 0 { 1.0 } else { -1.0 };
            inv[i * n + j] = sign * det(&minor(a, n, j, i), n - 1) / d;
        }
    }
    inv
}

/// `x` with `a · x = b`, `b` of `m` columns, by Cramer's rule: column `i` of `a` replaced by `b`.
fn reference_solve(a: &[f64], b: &[f64], n: usize, m: usize) -> Vec<f64> {
    let d = det(a, n);
    let mut x = vec![0.0; n * m];
    for c in 0..m {
        for i in 0..n {
            let mut ai = a.to_vec();
            for r in 0..n {
                ai[r * n + i] = b[r * m + c];
            }
            x[i * m + c] = det(&ai, n) / d;
        }
    }
    x
}

/// `a · b`, `a` of `n × n`, `b` of `n × m`, in f64.
fn product(a: &[f64], b: &[f64], n: usize, m: usize) -> Vec<f64> {
    let mut out = vec![0.0; n * m];
    for i in 0..n {
        for j in 0..m {
            out[i * m + j] = (0..n).map(|k| a[i * n + k] * b[k * m + j]).sum();
        }
    }
    out
}

/// The largest absolute value (the infinity norm of a flat vector).
fn norm(v: &[f64]) -> f64 {
    v.iter().fold(0.0, |m, x| m.max(x.abs()))
}

/// The infinity norm of an `n × n` matrix: its largest absolute row sum.
fn matrix_norm(a: &[f64], n: usize) -> f64 {
    (0..n).map(|i| a[i * n..(i + 1) * n].iter().map(|x| x.abs()).sum::<f64>()).fold(0.0, f64::max)
}

/// A small generator (xorshift64*), so that the cases are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Uniform in [-1, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 52) as f64 - 1.0
    }
}

/// The element types under test, with their rounding unit.
trait Real: FloatCore + Into<f64> + std::fmt::Debug {
    const EPS: f64;
    fn of(x: f64) -> Self;
}

impl Real for f32 {
    const EPS: f64 = f32::EPSILON as f64;
    fn of(x: f64) -> Self {
        x as f32
    }
}

impl Real for f64 {
    const EPS: f64 = f64::EPSILON;
    fn of(x: f64) -> Self {
        x
    }
}

/// A random `n × n` matrix of `T` values (as f64) whose condition number (infinity norm) is
/// below 50: entries uniform in [-4, 4), some with a scaled diagonal, so that partial pivoting
/// has rows to exchange. Also returns its condition number.
fn well_conditioned<T: Real>(rng: &mut Rng, n: usize) -> (Vec<f64>, f64) {
    loop {
        let a: Vec<f64> = (0..n * n).map(|_| T::of(4.0 * rng.unit()).into()).collect();
        let d = det(&a, n);
        if d == 0.0 || !d.is_finite() {
            continue;
        }
        let cond = matrix_norm(&a, n) * matrix_norm(&reference_inverse(&a, n), n);
        if cond < 50.0 {
            return (a, cond);
        }
    }
}

/// Checks that `got` is within `tol` of `want`, element by element, relative to `want`'s norm.
#[track_caller]
fn assert_close(got: &[f64], want: &[f64], tol: f64, what: &str) {
    assert_eq!(got.len(), want.len());
    let scale = norm(want).max(1.0);
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).abs() <= tol * scale,
            "{what}: element {i} is {g}, expected {w} (tolerance {})",
            tol * scale
        );
    }
}

fn to_f64<T: Real>(v: &[T]) -> Vec<f64> {
    v.iter().map(|&x| x.into()).collect()
}

/// The identity as f64.
fn identity(n: usize) -> Vec<f64> {
    (0..n * n).map(|i| if i % (n + 1) == 0 { 1.0 } else { 0.0 }).collect()
}

// --- Random well-conditioned systems, 1×1 to 4×4, f32 and f64 ----------------------------------

/// `TRIALS` random matrices of shape `[$n, $n]` of `$t`: the inverse against the adjugate,
/// `inv · m` and `m · inv` against the identity; `solve` against Cramer's rule and by its
/// residual, for `b` of shape `[N]` and `[N, 3]`.
macro_rules! random_systems {
    ($t:ty, $n:tt, $seed:expr) => {{
        const N: usize = $n;
        const TRIALS: usize = 400;
        let mut rng = Rng($seed);
        for trial in 0..TRIALS {
            let (a, cond) = well_conditioned::<$t>(&mut rng, N);
            // Rounding grows at most with the condition number and the size.
            let tol = 8.0 * (N as f64) * cond * <$t as Real>::EPS;
            let m = Tensor::<$t, shape![$n, $n]>::from_fn(|i| <$t>::of(a[i]));
            let what = format!("{}×{} {} trial {trial}", N, N, stringify!($t));

            let inv = m.inv().unwrap_or_else(|e| panic!("{what}: {e}"));
            let inv = to_f64(inv.as_slice());
            assert_close(&inv, &reference_inverse(&a, N), tol, &format!("{what}: inv"));
            assert_close(&product(&inv, &a, N, N), &identity(N), tol, &format!("{what}: inv · m"));
            assert_close(&product(&a, &inv, N, N), &identity(N), tol, &format!("{what}: m · inv"));

            let b: Vec<f64> = (0..N).map(|_| <$t>::of(8.0 * rng.unit()).into()).collect();
            let bt = Tensor::<$t, shape![$n]>::from_fn(|i| <$t>::of(b[i]));
            let x = to_f64(m.solve(&bt).unwrap_or_else(|e| panic!("{what}: {e}")).as_slice());
            let want = reference_solve(&a, &b, N, 1);
            assert_close(&x, &want, tol, &format!("{what}: solve [N]"));
            let residual: Vec<f64> = product(&a, &x, N, 1).iter().zip(&b).map(|(ax, b)| ax - b).collect();
            let bound = tol * (matrix_norm(&a, N) * norm(&x) + norm(&b));
            assert!(norm(&residual) <= bound, "{what}: residual {} above {bound}", norm(&residual));

            let b3: Vec<f64> = (0..N * 3).map(|_| <$t>::of(8.0 * rng.unit()).into()).collect();
            let bt3 = Tensor::<$t, shape![$n, 3]>::from_fn(|i| <$t>::of(b3[i]));
            let x3 = to_f64(m.solve(&bt3).unwrap_or_else(|e| panic!("{what}: {e}")).as_slice());
            assert_close(&x3, &reference_solve(&a, &b3, N, 3), tol, &format!("{what}: solve [N, 3]"));
            // Each column of a `[N, R]` right-hand side is a system of its own.
            for c in 0..3 {
                let column = Tensor::<$t, shape![$n]>::from_fn(|i| <$t>::of(b3[i * 3 + c]));
                let alone = m.solve(&column).unwrap();
                for i in 0..N {
                    assert_eq!(
                        Into::<f64>::into(alone.as_slice()[i]),
                        x3[i * 3 + c],
                        "{what}: column {c} of [N, 3]"
                    );
                }
            }
        }
    }};
}

#[test]
fn random_systems_f64() {
    random_systems!(f64, 1, 0x9e37_79b9_7f4a_7c15);
    random_systems!(f64, 2, 0xbf58_476d_1ce4_e5b9);
    random_systems!(f64, 3, 0x94d0_49bb_1331_11eb);
    random_systems!(f64, 4, 0x2545_f491_4f6c_dd1d);
}

#[test]
fn random_systems_f32() {
    random_systems!(f32, 1, 0x1234_5678_9abc_def1);
    random_systems!(f32, 2, 0x0fed_cba9_8765_4321);
    random_systems!(f32, 3, 0x5555_aaaa_3333_cccc);
    random_systems!(f32, 4, 0xdead_beef_cafe_f00d);
}

#[test]
fn larger_matrices_work_too() {
    // 8×8: diagonally dominant, rows reversed so that every column needs an exchange.
    let mut rng = Rng(42);
    let mut a: Vec<f64> = (0..64).map(|i| if i % 9 == 0 { 20.0 } else { rng.unit() }).collect();
    a = (0..64).map(|i| a[(7 - i / 8) * 8 + i % 8]).collect();
    let m = Tensor::<f64, shape![8, 8]>::from_slice(&a).unwrap();
    let inv = m.inv().unwrap();
    assert_close(&product(inv.as_slice(), &a, 8, 8), &identity(8), 1e-13, "8×8 inv · m");
}

// --- Exact cases --------------------------------------------------------------------------------

#[test]
fn eye_on_every_owned_storage() {
    assert_eq!(Tensor::<f64, shape![1, 1]>::eye().as_slice(), [1.0]);
    assert_eq!(Tensor::<f32, shape![2, 2]>::eye().as_slice(), [1.0, 0.0, 0.0, 1.0]);
    assert_eq!(Tensor::<i32, shape![3, 3]>::eye().as_slice(), [1, 0, 0, 0, 1, 0, 0, 0, 1]);
    let boxed: BoxedTensor<u8, shape![4, 4]> = BoxedTensor::eye();
    assert_eq!(boxed.as_slice(), identity(4).iter().map(|&x| x as u8).collect::<Vec<_>>());
    assert_eq!(Tensor::<f64, shape![0, 0]>::eye().as_slice(), [0.0; 0]);
    assert_eq!(<shape![4, 4] as SquareShape>::SIDE, 4);
}

#[test]
fn exact_inverses() {
    assert_eq!(Tensor::<f64, shape![4, 4]>::eye().inv().unwrap(), Tensor::<f64, shape![4, 4]>::eye());
    // A permutation matrix is its own transpose's inverse, found exactly.
    let p = Tensor::<f32, shape![3, 3]>::from([[0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]]);
    let pt = Tensor::<f32, shape![3, 3]>::from([[0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]);
    assert_eq!(p.inv().unwrap(), pt);
    // A zero on the diagonal needs an exchange of rows.
    let swap = Tensor::<f64, shape![2, 2]>::from([[0.0, 2.0], [4.0, 0.0]]);
    assert_eq!(swap.inv().unwrap().as_slice(), [0.0, 0.25, 0.5, 0.0]);
    assert_eq!(Tensor::<f64, shape![1, 1]>::from([[-8.0]]).inv().unwrap().as_slice(), [-0.125]);
    // Empty matrices have empty inverses and solutions.
    assert!(Tensor::<f64, shape![0, 0]>::eye().inv().unwrap().is_empty());
    let empty = Tensor::<f64, shape![0]>::splat(0.0);
    assert!(Tensor::<f64, shape![0, 0]>::eye().solve(&empty).unwrap().is_empty());
}

#[test]
fn partial_pivoting_keeps_a_tiny_pivot_from_ruining_the_result() {
    // Without exchanging rows, 1e-20 would be the pivot and x[0] would come out 0.
    let m = Tensor::<f64, shape![2, 2]>::from([[1e-20, 1.0], [1.0, 1.0]]);
    let x = m.solve(&Tensor::<f64, shape![2]>::from([1.0, 2.0])).unwrap();
    assert_close(&to_f64(x.as_slice()), &[1.0, 1.0], 1e-15, "tiny pivot");
    let m32 = Tensor::<f32, shape![2, 2]>::from([[1e-20, 1.0], [1.0, 1.0]]);
    let x32 = m32.solve(&Tensor::<f32, shape![2]>::from([1.0, 2.0])).unwrap();
    assert_close(&to_f64(x32.as_slice()), &[1.0, 1.0], 1e-6, "tiny pivot f32");
}

// --- Singular matrices --------------------------------------------------------------------------

macro_rules! zero_matrix_is_singular {
    ($($n:tt),*) => {$({
        let zero = Tensor::<f64, shape![$n, $n]>::splat(0.0);
        assert_eq!(zero.inv().unwrap_err().column(), Some(0));
        let b = Tensor::<f64, shape![$n]>::splat(1.0);
        assert_eq!(zero.solve(&b).unwrap_err().column(), Some(0));
        let zero32 = Tensor::<f32, shape![$n, $n]>::splat(-0.0);
        assert_eq!(zero32.inv().unwrap_err().column(), Some(0));
    })*};
}

#[test]
fn the_zero_matrix_is_singular() {
    zero_matrix_is_singular!(1, 2, 3, 4);
}

#[test]
fn rank_deficient_matrices_are_singular() {
    fn column_of(a: [[f64; 3]; 3]) -> Option<usize> {
        let m = Tensor::<f64, shape![3, 3]>::from(a);
        let err = m.inv().unwrap_err();
        assert_eq!(m.solve(&Tensor::<f64, shape![3]>::splat(1.0)).unwrap_err(), err);
        assert_eq!(m.solve(&Tensor::<f64, shape![3, 2]>::splat(1.0)).unwrap_err(), err);
        let m32 = Tensor::<f32, shape![3, 3]>::from_fn(|i| a[i / 3][i % 3] as f32);
        assert_eq!(m32.inv().unwrap_err(), err);
        err.column()
    }
    // Row 1 is twice row 0.
    assert_eq!(column_of([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 0.0, 1.0]]), Some(2));
    // Column 2 is the sum of columns 0 and 1.
    assert_eq!(column_of([[4.0, 1.0, 5.0], [2.0, 2.0, 4.0], [0.0, 2.0, 2.0]]), Some(2));
    // A row of zeros.
    assert_eq!(column_of([[1.0, 2.0, 3.0], [0.0, 0.0, 0.0], [4.0, 5.0, 6.0]]), Some(2));
    // A column of zeros.
    assert_eq!(column_of([[1.0, 0.0, 3.0], [2.0, 0.0, 6.5], [4.0, 0.0, 6.0]]), Some(1));
    // Every row the same.
    assert_eq!(column_of([[3.0; 3]; 3]), Some(1));

    // 4×4: two equal rows; 2×2: proportional rows.
    let m4 = Tensor::<f64, shape![4, 4]>::from([
        [1.0, 2.0, 3.0, 4.0],
        [0.5, 1.0, 0.0, 2.0],
        [1.0, 2.0, 3.0, 4.0],
        [0.0, 1.0, 1.0, 1.0],
    ]);
    assert!(m4.inv().is_err());
    assert!(Tensor::<f32, shape![2, 2]>::from([[1.0, -3.0], [-2.0, 6.0]]).inv().is_err());
}

// --- Values that are not finite -----------------------------------------------------------------

macro_rules! not_finite_is_an_error {
    ($t:ty, $($n:tt),*) => {$({
        const N: usize = $n;
        for bad in [<$t>::NAN, <$t>::INFINITY, <$t>::NEG_INFINITY] {
            for at in 0..N * N {
                // A well-conditioned matrix with one value spoiled.
                let m = Tensor::<$t, shape![$n, $n]>::from_fn(|i| {
                    if i == at { bad } else if i % (N + 1) == 0 { 4.0 } else { 0.5 }
                });
                assert_eq!(m.inv().unwrap_err().column(), None, "{bad} at {at} of {N}×{N}");
                let b = Tensor::<$t, shape![$n]>::splat(1.0);
                assert_eq!(m.solve(&b).unwrap_err().column(), None);
            }
            let m = Tensor::<$t, shape![$n, $n]>::eye();
            for at in 0..N {
                let b = Tensor::<$t, shape![$n, 2]>::from_fn(|i| if i == 2 * at + 1 { bad } else { 1.0 });
                assert_eq!(m.solve(&b).unwrap_err().column(), None, "{bad} in b at {at} of {N}");
            }
        }
    })*};
}

#[test]
fn nan_and_infinity_are_errors() {
    not_finite_is_an_error!(f64, 1, 2, 3, 4);
    not_finite_is_an_error!(f32, 1, 2, 3, 4);
    // An infinite pivot would divide its way to a finite, wrong answer: the input is refused.
    let m = Tensor::<f64, shape![2, 2]>::from([[f64::INFINITY, 0.0], [0.0, 1.0]]);
    assert!(m.solve(&Tensor::<f64, shape![2]>::splat(1.0)).is_err());
}

#[test]
fn overflow_is_an_error() {
    // The inverse of a subnormal number overflows.
    assert_eq!(Tensor::<f64, shape![1, 1]>::from([[1e-310]]).inv().unwrap_err().column(), None);
    assert_eq!(Tensor::<f32, shape![1, 1]>::from([[1e-40]]).inv().unwrap_err().column(), None);
    let big = Tensor::<f64, shape![2, 2]>::from([[1.0, 0.0], [0.0, 1e-300]]);
    assert!(big.solve(&Tensor::<f64, shape![2]>::from([1.0, 1e10])).is_err());
    // Elimination overflows in a pivot (1e308 + 1e308): an error, not a finite wrong answer.
    let m = Tensor::<f64, shape![2, 2]>::from([[1.0, 1e308], [-1.0, 1e308]]);
    assert_eq!(m.inv().unwrap_err().column(), None);
    assert!(m.solve(&Tensor::<f64, shape![2]>::splat(1.0)).is_err());
}

#[test]
fn the_error_reads_well_and_is_an_error() {
    let err = Tensor::<f64, shape![2, 2]>::splat(0.0).inv().unwrap_err();
    assert_eq!(err.to_string(), "the matrix is singular: elimination found no non-zero pivot in column 0");
    let nan = Tensor::<f64, shape![1, 1]>::splat(f64::NAN).inv().unwrap_err();
    assert_eq!(
        nan.to_string(),
        "the matrix is singular: a value of the input, a pivot or a value of the result is not finite"
    );
    assert_ne!(err, nan);
    let copy = err;
    assert_eq!(copy.clone(), err);
    assert!(format!("{err:?}").starts_with("SingularError"));
    let boxed: Box<dyn std::error::Error> = err.into();
    assert!(boxed.to_string().starts_with("the matrix is singular"));
    fn uses_question_mark() -> Result<f64, Box<dyn std::error::Error>> {
        let m = Tensor::<f64, shape![1, 1]>::from([[2.0]]);
        Ok(m.inv()?.as_slice()[0])
    }
    assert_eq!(uses_question_mark().unwrap(), 0.5);
    let _: fn(&SingularError) -> Option<usize> = SingularError::column;
}

// --- Every storage kind ---------------------------------------------------------------------------

const A: [[f64; 3]; 3] = [[2.0, 1.0, 0.0], [4.0, 3.0, 1.0], [0.0, 2.0, 4.0]];
const B: [f64; 3] = [4.0, 13.0, 16.0];
const X: [f64; 3] = [1.0, 2.0, 3.0];

#[test]
fn every_tensor_kind_as_the_matrix() {
    let inline = Tensor::<f64, shape![3, 3]>::from(A);
    let want = inline.inv().unwrap();
    let flat: Vec<f64> = A.concat();
    let view = TensorRef::<f64, shape![3, 3]>::new(&flat).unwrap();
    let mut data = flat.clone();
    let mutable = TensorMut::<f64, shape![3, 3]>::new(&mut data).unwrap();
    let boxed = BoxedTensor::<f64, shape![3, 3]>::from_slice(&flat).unwrap();

    // Inline in, inline out; boxed (or a view of a box) in, boxed out.
    let a: Tensor<f64, shape![3, 3]> = view.inv().unwrap();
    let b: Tensor<f64, shape![3, 3]> = mutable.inv().unwrap();
    let c: BoxedTensor<f64, shape![3, 3]> = boxed.inv().unwrap();
    let d: BoxedTensor<f64, shape![3, 3]> = boxed.to_fixed::<shape![3, 3]>().unwrap().inv().unwrap();
    let e: Tensor<f64, shape![3, 3]> = inline.view().inv().unwrap();
    for got in [a.as_slice(), b.as_slice(), c.as_slice(), d.as_slice(), e.as_slice()] {
        assert_eq!(got, want.as_slice());
    }

    let rhs = Tensor::<f64, shape![3]>::from(B);
    let x1: Tensor<f64, shape![3]> = view.solve(&rhs).unwrap();
    let x2: Tensor<f64, shape![3]> = mutable.solve(&rhs.view()).unwrap();
    let x3: BoxedTensor<f64, shape![3]> = boxed.solve(&rhs).unwrap();
    let x4: BoxedTensor<f64, shape![3]> = inline.solve(&rhs.to_boxed()).unwrap();
    let x5: BoxedTensor<f64, shape![3]> = boxed.to_fixed::<shape![3, 3]>().unwrap().solve(&rhs).unwrap();
    let x6: Tensor<f64, shape![3]> = boxed.view().solve(&rhs).unwrap(); // `view` is a plain `TensorRef`
    for got in [x1.as_slice(), x2.as_slice(), x3.as_slice(), x4.as_slice(), x5.as_slice(), x6.as_slice()] {
        assert_eq!(got, X);
    }
}

#[test]
fn every_tensor_kind_as_the_right_hand_side() {
    let m = Tensor::<f64, shape![3, 3]>::from(A);
    let mut b = B;
    let inline = Tensor::<f64, shape![3]>::from(B);
    let x: Tensor<f64, shape![3]> = m.solve(&inline).unwrap();
    assert_eq!(x.as_slice(), X);
    let x: Tensor<f64, shape![3]> = m.solve(&TensorRef::<f64, shape![3]>::from_array(&B)).unwrap();
    assert_eq!(x.as_slice(), X);
    let x: Tensor<f64, shape![3]> = m.solve(&TensorMut::<f64, shape![3]>::from_array(&mut b)).unwrap();
    assert_eq!(x.as_slice(), X);
    let x: BoxedTensor<f64, shape![3]> = m.solve(&inline.to_boxed()).unwrap();
    assert_eq!(x.as_slice(), X);
    // A column as `[N, 1]`.
    let x: Tensor<f64, shape![3, 1]> = m.solve(&inline.insert_axis::<1>()).unwrap();
    assert_eq!(x.as_slice(), X);
}

#[test]
fn right_hand_sides_of_many_columns() {
    let m = Tensor::<f64, shape![3, 3]>::from(A);
    // Columns x = [1, 2, 3], [-1, 0, 2], [0, 0, 0] and e0.
    let b = Tensor::<f64, shape![3, 4]>::from([
        [4.0, -2.0, 0.0, 2.0],
        [13.0, -2.0, 0.0, 4.0],
        [16.0, 8.0, 0.0, 0.0],
    ]);
    let x = m.solve(&b).unwrap();
    let want = reference_solve(&A.concat(), b.as_slice(), 3, 4);
    assert_close(x.as_slice(), &want, 1e-15, "[3, 4]");
    assert_eq!(x.as_slice()[..3], [1.0, -1.0, 0.0]);
    // Solving against the identity is the inverse.
    let inv = m.solve(&Tensor::<f64, shape![3, 3]>::eye()).unwrap();
    assert_eq!(inv, m.inv().unwrap());
    // No columns at all.
    assert!(m.solve(&Tensor::<f64, shape![3, 0]>::splat(0.0)).unwrap().is_empty());

    // A run-time number of columns: the solution is boxed, in b's shape.
    struct Columns;
    let data: Vec<f64> = b.as_slice().to_vec();
    bind!(let columns: Columns = 4);
    let runtime = TensorRef::from_shape(dims![3, columns], &data).unwrap();
    let xr = m.solve(&runtime).unwrap();
    assert_eq!(*xr.shape().extents(), [3, 4]);
    assert_eq!(xr.as_slice(), x.as_slice());
    // Singular with run-time columns too.
    let singular = Tensor::<f64, shape![3, 3]>::splat(1.0);
    assert_eq!(singular.solve(&runtime).unwrap_err().column(), Some(1));
}

#[test]
fn generic_code_over_square_shapes() {
    fn trace_of_inverse<S: SquareShape>(m: &Tensor<f64, S>) -> Result<f64, SingularError> {
        let inv = m.inv()?;
        Ok((0..S::SIDE).map(|i| inv.as_slice()[i * (S::SIDE + 1)]).sum())
    }
    assert_eq!(trace_of_inverse(&Tensor::<f64, shape![2, 2]>::from([[2.0, 0.0], [0.0, 4.0]])), Ok(0.75));
    assert!(trace_of_inverse(&Tensor::<f64, shape![3, 3]>::splat(0.0)).is_err());
}
