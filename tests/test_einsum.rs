//! `einsum!` and `dynamic::einsum` against a naive reference written here: nested loops over
//! every assignment of the labels, their sizes in a hash map. The reference never calls the
//! library.

use std::collections::HashMap;
use std::fmt::Debug;
use std::ops::{Add, Mul};

use proptest::prelude::*;
use shapecast::dynamic::{self, Array};
use shapecast::prelude::*;

/// The element types under test, as the reference sees them.
trait Elem: Copy + PartialEq + Debug + Default + Add<Output = Self> + Mul<Output = Self> {
    fn of(v: i64) -> Self;
}
impl Elem for i64 {
    fn of(v: i64) -> Self {
        v
    }
}
impl Elem for f32 {
    fn of(v: i64) -> Self {
        v as f32
    }
}
impl Elem for f64 {
    fn of(v: i64) -> Self {
        v as f64
    }
}

/// Checks the type of a value.
fn is<T>(_: &T) {}

/// Small integers (exact in every type, so that any order of the sums gives the same bits).
fn value<T: Elem>(i: usize, salt: usize) -> T {
    T::of(((i * 7 + salt * 13 + 3) % 9) as i64 - 4)
}

/// The labels of each operand and of the output, spaces dropped.
fn parse(subscripts: &str) -> (Vec<Vec<char>>, Vec<char>) {
    let (inputs, output) = subscripts.split_once("->").expect("explicit mode");
    let letters = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>();
    (inputs.split(',').map(letters).collect(), letters(output))
}

/// NumPy's einsum, by definition: for every assignment of every label (output labels first,
/// then the summed ones, the last fastest), the product of the operands' elements is added to
/// the output element of that assignment. Returns the output's sizes and elements.
fn reference<T: Elem>(subscripts: &str, operands: &[(&[T], &[usize])]) -> (Vec<usize>, Vec<T>) {
    let (subs, out) = parse(subscripts);
    assert_eq!(subs.len(), operands.len());
    let mut sizes = HashMap::new();
    let mut labels = out.clone();
    for (sub, (_, dims)) in subs.iter().zip(operands) {
        assert_eq!(sub.len(), dims.len());
        for (&c, &d) in sub.iter().zip(dims.iter()) {
            if let Some(&old) = sizes.get(&c) {
                assert_eq!(old, d, "label {c}");
            }
            sizes.insert(c, d);
            if !labels.contains(&c) {
                labels.push(c);
            }
        }
    }
    let out_dims: Vec<usize> = out.iter().map(|c| sizes[c]).collect();
    let mut result = vec![T::of(0); out_dims.iter().product()];
    let label_sizes: Vec<usize> = labels.iter().map(|c| sizes[c]).collect();
    if label_sizes.contains(&0) {
        return (out_dims, result);
    }
    let mut index = vec![0usize; labels.len()];
    loop {
        let at = |c: &char| index[labels.iter().position(|l| l == c).unwrap()];
        let mut product = None;
        for (sub, (data, dims)) in subs.iter().zip(operands) {
            let mut offset = 0;
            for (c, d) in sub.iter().zip(dims.iter()) {
                offset = offset * d + at(c);
            }
            let x = data[offset];
            product = Some(match product {
                None => x,
                Some(p) => p * x,
            });
        }
        let mut o = 0;
        for (c, d) in out.iter().zip(&out_dims) {
            o = o * d + at(c);
        }
        result[o] = result[o] + product.unwrap();
        // The next assignment, the last label fastest.
        let mut l = labels.len();
        loop {
            if l == 0 {
                return (out_dims, result);
            }
            l -= 1;
            index[l] += 1;
            if index[l] < label_sizes[l] {
                break;
            }
            index[l] = 0;
        }
    }
}

/// `einsum!` of fixed-shape operands (inline, then boxed, then borrowed) and its `=> out` form,
/// each against the reference.
macro_rules! fixed {
    ($t:ty, $subs:literal, $($name:ident: [$($d:literal),*]),+) => {{
        let mut salt = 0;
        $(
            salt += 1;
            let $name = Tensor::<$t, shape![$($d),*]>::from_fn(|i| value::<$t>(i, salt));
        )+
        let (dims, want) = reference::<$t>($subs, &[$(($name.as_slice(), &[$($d),*][..])),+]);
        let got = einsum!($subs, $(&$name),+);
        assert_eq!(*got.shape().extents(), dims[..], "{}", $subs);
        assert_eq!(got.as_slice(), &want[..], "{} on {}", $subs, stringify!($t));
        let mut out = vec![<$t>::of(7); want.len()];
        einsum!($subs, $(&$name),+ => &mut TensorMut::new(&mut out).unwrap());
        assert_eq!(out, want, "{} into", $subs);
        {
            $( let $name = $name.to_boxed(); )+
            let boxed = einsum!($subs, $(&$name),+);
            assert_eq!(boxed.as_slice(), &want[..], "{} boxed", $subs);
        }
        {
            $( let $name = $name.view(); )+
            let viewed = einsum!(try $subs, $(&$name),+).unwrap();
            assert_eq!(viewed.as_slice(), &want[..], "{} viewed", $subs);
        }
        want
    }};
}

#[test]
fn the_named_forms_against_the_reference() {
    fixed!(i64, "bij,bjk->bik", a: [2, 3, 4], b: [2, 4, 5]);
    fixed!(i64, "bhqd,bhkd->bhqk", q: [2, 3, 4, 5], k: [2, 3, 6, 5]);
    fixed!(i64, "ii->i", m: [4, 4]);
    fixed!(i64, "ij->ji", m: [3, 5]);
    fixed!(i64, "i,i->", x: [6], y: [6]);
    fixed!(i64, "ij,jk->ik", a: [3, 4], b: [4, 2]);
    fixed!(i64, "ij->", m: [3, 5]);
    fixed!(i64, "ij->j", m: [3, 5]);
    fixed!(i64, "ii->", m: [5, 5]);
    fixed!(i64, "i,j->ij", x: [3], y: [4]);
    fixed!(i64, "ij,jk,kl->il", a: [2, 3], b: [3, 4], c: [4, 5]);
}

#[test]
fn every_element_type() {
    fixed!(f32, "bij,bjk->bik", a: [2, 3, 4], b: [2, 4, 5]);
    fixed!(f64, "bij,bjk->bik", a: [2, 3, 4], b: [2, 4, 5]);
    fixed!(f32, "ij,jk,kl->il", a: [2, 3], b: [3, 4], c: [4, 5]);
    fixed!(f64, "ii->", m: [3, 3]);
    fixed!(f32, "bhqd,bhkd->bhqk", q: [1, 2, 3, 4], k: [1, 2, 5, 4]);
    fixed!(f64, "i,j->ij", x: [3], y: [2]);
}

#[test]
fn products_in_every_layout() {
    // The product kernel's cases: rows and columns swapped, a batch label in one operand, a
    // missing row, column or contracted label, a transposed operand.
    fixed!(i64, "ij,jk->ki", a: [3, 4], b: [4, 2]);
    fixed!(i64, "ij,kj->ik", a: [3, 4], b: [2, 4]);
    fixed!(i64, "ji,jk->ik", a: [4, 3], b: [4, 2]);
    fixed!(i64, "bij,jk->bik", a: [2, 3, 4], b: [4, 5]);
    fixed!(i64, "ij,bjk->bik", a: [3, 4], b: [2, 4, 5]);
    fixed!(i64, "bj,jk->bk", a: [3, 4], b: [4, 2]);
    fixed!(i64, "ij,j->i", a: [3, 4], b: [4]);
    fixed!(i64, "j,jk->k", a: [4], b: [4, 3]);
    fixed!(i64, "bi,bi->b", a: [3, 4], b: [3, 4]);
    fixed!(i64, "bik,bkj->bji", a: [2, 3, 4], b: [2, 4, 5]);
    fixed!(i64, "ibk,kjb->bij", a: [3, 2, 4], b: [4, 5, 2]);
    fixed!(i64, "ab,cd->abcd", a: [2, 3], b: [2, 2]);
    // Large enough for the float GEMM (16 × 16 × 16 multiply-adds and more).
    fixed!(f32, "ij,jk->ik", a: [20, 24], b: [24, 18]);
    fixed!(f64, "bhqd,bhkd->bhqk", q: [2, 2, 16, 20], k: [2, 2, 17, 20]);
    fixed!(f32, "bij,jk->bik", a: [3, 16, 20], b: [20, 17]);
    fixed!(f64, "ji,kj->ki", a: [20, 17], b: [19, 20]);
}

#[test]
fn general_loops_of_every_kind() {
    fixed!(i64, "iij->j", a: [3, 3, 2]);
    fixed!(i64, "iji->j", a: [3, 2, 3]);
    fixed!(i64, "ij,ij->ij", a: [3, 4], b: [3, 4]);
    fixed!(i64, "ij,ij->", a: [3, 4], b: [3, 4]);
    fixed!(i64, "ijk->kji", a: [2, 3, 4]);
    fixed!(i64, "ijk->", a: [2, 3, 4]);
    fixed!(i64, "ij,jk->", a: [2, 3], b: [3, 4]);
    fixed!(i64, "ij,kl->", a: [2, 3], b: [3, 4]);
    fixed!(i64, "ij,jk,kl->", a: [2, 3], b: [3, 4], c: [4, 2]);
    fixed!(i64, "ii,ij->j", a: [3, 3], b: [3, 4]);
    fixed!(i64, "abc,cd,de->ae", a: [2, 3, 2], b: [2, 3], c: [3, 2]);
    fixed!(i64, "i,i,i->i", a: [4], b: [4], c: [4]);
    fixed!(i64, ",->", a: [], b: []);
    fixed!(i64, "->", a: []);
    fixed!(i64, " i j , j k -> i k ", a: [2, 3], b: [3, 2]);
}

#[test]
fn zero_sizes_sum_to_zero() {
    let zeros = fixed!(i64, "ij,jk->ik", a: [2, 0], b: [0, 3]);
    assert_eq!(zeros, [0; 6]);
    assert_eq!(fixed!(f32, "ij->", m: [0, 4]), [0.0]);
    assert_eq!(fixed!(f64, "ii->", m: [0, 0]), [0.0]);
    assert!(fixed!(i64, "ij,jk->ik", a: [0, 3], b: [3, 2]).is_empty());
    assert_eq!(fixed!(i64, "bij,bjk->bik", a: [2, 1, 0], b: [2, 0, 2]), [0; 4]);
    assert_eq!(fixed!(i64, "ij,kj->ik", a: [2, 0], b: [2, 0]), [0; 4]);
    assert!(fixed!(i64, "i,j->ij", x: [0], y: [3]).is_empty());
    assert_eq!(fixed!(i64, "ijk->i", a: [2, 3, 0]), [0; 2]);
    assert_eq!(fixed!(i64, "i,i,j->j", a: [0], b: [0], c: [2]), [0; 2]);
}

#[test]
fn the_output_shape_is_a_type_of_the_operands_sizes() {
    let a = Tensor::<f32, shape![2, 3, 4]>::splat(1.0);
    let b = Tensor::<f32, shape![2, 4, 5]>::splat(1.0);
    let c = einsum!("bij,bjk->bik", &a, &b);
    is::<Tensor<f32, shape![2, 3, 5]>>(&c);
    let t = einsum!("bij->jbi", &a);
    is::<Tensor<f32, shape![4, 2, 3]>>(&t);
    let s = einsum!("bij->", &a);
    is::<Tensor<f32, shape![]>>(&s);
    assert_eq!(s.value(), 24.0);
    // A boxed operand keeps its results on the heap, as the operators do.
    let boxed = b.to_boxed();
    let c = einsum!("bij,bjk->bik", &a, &boxed);
    is::<BoxedTensor<f32, shape![2, 3, 5]>>(&c);
}

struct Batch;
struct Features;

#[test]
fn run_time_sizes() {
    let a_data: Vec<i64> = (0..5 * 3 * 4).map(|i| value(i, 1)).collect();
    let b_data: Vec<i64> = (0..5 * 4 * 2).map(|i| value(i, 2)).collect();
    bind!(let batch: Batch = 5);
    bind!(let features: Features = 4);
    let a = TensorRef::from_shape(dims![batch, 3, features], &a_data).unwrap();
    let b = TensorRef::from_shape(dims![batch, features, 2], &b_data).unwrap();
    let c = einsum!("bij,bjk->bik", &a, &b);
    is::<BoxedTensor<i64, shape![Batch, 3, 2]>>(&c);
    let (dims, want) = reference("bij,bjk->bik", &[(&a_data, &[5, 3, 4]), (&b_data, &[5, 4, 2])]);
    assert_eq!(*c.shape().extents(), dims[..]);
    assert_eq!(c.as_slice(), &want[..]);

    // Into a borrowed output of run-time sizes.
    let mut out = vec![0; 5 * 3 * 2];
    einsum!("bij,bjk->bik", &a, &b => &mut TensorMut::from_shape(dims![batch, 3, 2], &mut out).unwrap());
    assert_eq!(out, want);

    // A summed run-time label, the general loop, a transpose of a run-time axis.
    let s = einsum!("bij->j", &a);
    is::<BoxedTensor<i64, shape![Features]>>(&s);
    let (_, want) = reference("bij->j", &[(&a_data, &[5, 3, 4])]);
    assert_eq!(s.as_slice(), &want[..]);
    let t = einsum!("bij->jib", &a);
    let (dims, want) = reference("bij->jib", &[(&a_data, &[5, 3, 4])]);
    assert_eq!((&*t.shape().extents(), t.as_slice()), (&dims[..], &want[..]));
    let total = einsum!("bij,bjk->", &a, &b);
    let (_, want) = reference("bij,bjk->", &[(&a_data, &[5, 3, 4]), (&b_data, &[5, 4, 2])]);
    assert_eq!(total.as_slice(), &want[..]);

    // A diagonal over one binding.
    let m_data: Vec<f64> = (0..16).map(|i| value(i, 3)).collect();
    let m = TensorRef::from_shape(dims![features, features], &m_data).unwrap();
    let d = einsum!("ii->i", &m);
    let (_, want) = reference("ii->i", &[(&m_data, &[4, 4])]);
    assert_eq!(d.as_slice(), &want[..]);
}

#[test]
fn run_time_zero_sizes_and_a_result_too_large_to_count() {
    bind!(let batch: Batch = 0);
    let a = BoxedTensor::from_elem(dims![batch, 3], 1.0f32).unwrap();
    assert_eq!(einsum!("bi,bj->ij", &a, &a).as_slice(), [0.0; 9]);
    assert!(einsum!("bi->bi", &a).as_slice().is_empty());

    bind!(let features: Features = 1 << 40);
    let wide = BoxedTensor::from_elem(dims![features, 0], 1i64).unwrap();
    let err = einsum!(try "ij,kl->ik", &wide, &wide).unwrap_err();
    assert_eq!(err.kind(), dynamic::ErrorKind::TooManyElements);
    assert_eq!(err.to_string(), "einsum \"ij,kl->ik\": the result has more elements than usize can count");
    let fine = einsum!(try "ij,kl->jl", &wide, &wide).unwrap();
    assert!(fine.as_slice().is_empty());
}

#[test]
fn a_tensor_mut_is_an_operand_too() {
    let mut data = [1, 2, 3, 4];
    let m = TensorMut::<i32, shape![2, 2]>::new(&mut data).unwrap();
    assert_eq!(einsum!("ij,jk->ik", &m, &m).as_slice(), [7, 10, 15, 22]);
    // Integers wrap, as products do.
    let big = Tensor::<u8, shape![2]>::from([16, 16]);
    assert_eq!(einsum!("i,i->", &big, &big).value(), 0); // 512 mod 256
}

#[test]
fn the_run_time_twin() {
    let a = Array::new(&[1, 2, 3, 4, 5, 6], &[2, 3]).unwrap();
    let b = Array::new(&[1, 0, 0, 1, 1, 1], &[3, 2]).unwrap();
    let mut out = [0; 4];
    assert_eq!(*dynamic::einsum("ij,jk->ik", &[a, b], &mut out).unwrap(), [2, 2]);
    assert_eq!(out, [4, 5, 10, 11]);
    assert_eq!(*dynamic::einsum_shape("ij,jk->ik", &[&[2, 3], &[3, 2]]).unwrap(), [2, 2]);

    let text = |r: Result<_, dynamic::BroadcastError>| r.unwrap_err().to_string();
    assert_eq!(
        text(dynamic::einsum("ij,jk->ik", &[a, b], &mut [0; 3])),
        "einsum \"ij,jk->ik\": the output's slice holds 3 elements but its shape has 4"
    );
    assert_eq!(
        text(dynamic::einsum("ij->ij", &[a, b], &mut out)),
        "einsum \"ij->ij\": 1 subscript (before `->`, separated by commas) but 2 operands; there must be one \
         subscript per operand"
    );
    assert_eq!(
        text(dynamic::einsum("ijk,jk->ik", &[a, b], &mut out)),
        "einsum \"ijk,jk->ik\": operand 1 (`ijk`) has 3 labels but its shape [2, 3] has 2 axes; an operand has one \
         label per axis"
    );
    assert_eq!(
        text(dynamic::einsum_shape("ij,jk->ik", &[&[2, 3], &[1, 2]])),
        "einsum \"ij,jk->ik\": label `j` is axis 1 of operand 1 (size 3) and axis 0 of operand 2 (size 1); every \
         axis a label names must have the same size (a size 1 does not stretch)"
    );
    // Nothing is written on error.
    let mut untouched = [9; 4];
    assert!(dynamic::einsum("ij,kj->ik", &[a, b], &mut untouched).is_err());
    assert_eq!(untouched, [9; 4]);
}

/// A random explicit-mode spec: 1 to 3 operands of rank 0 to 3 over the labels `a`..`e`
/// (repeats allowed), the output some distinct used labels in any order, each label a size
/// 0 to 3.
fn spec() -> impl Strategy<Value = (String, Vec<Vec<usize>>)> {
    let operands = prop::collection::vec(prop::collection::vec(0usize..5, 0..=3), 1..=3);
    (operands, prop::collection::vec(0usize..=3, 5), any::<prop::sample::Index>(), any::<u64>()).prop_map(
        |(operands, sizes, pick, order)| {
            let letter = |l: usize| (b'a' + l as u8) as char;
            let mut used: Vec<usize> = operands.iter().flatten().copied().collect();
            used.sort_unstable();
            used.dedup();
            // The output: a subset of the used labels, shuffled.
            let mut out: Vec<usize> =
                used.iter().copied().filter(|&l| (order >> l) & 1 == 1 || used.len() == 1).collect();
            if !out.is_empty() {
                let k = pick.index(out.len());
                out.rotate_left(k);
                if order & 1 << 10 != 0 {
                    out.reverse();
                }
            }
            let subs: Vec<String> = operands.iter().map(|o| o.iter().map(|&l| letter(l)).collect()).collect();
            let text = format!("{}->{}", subs.join(","), out.iter().map(|&l| letter(l)).collect::<String>());
            let shapes = operands.iter().map(|o| o.iter().map(|&l| sizes[l]).collect()).collect();
            (text, shapes)
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn the_run_time_twin_agrees_with_the_reference((subscripts, shapes) in spec(), salt in 0usize..9) {
        let data: Vec<Vec<i64>> = shapes
            .iter()
            .enumerate()
            .map(|(o, s)| (0..s.iter().product::<usize>()).map(|i| value(i, salt + o)).collect())
            .collect();
        let arrays: Vec<Array<'_, i64>> =
            data.iter().zip(&shapes).map(|(d, s)| Array::new(d, s).unwrap()).collect();
        let operands: Vec<(&[i64], &[usize])> =
            data.iter().zip(&shapes).map(|(d, s)| (&d[..], &s[..])).collect();
        let (dims, want) = reference(&subscripts, &operands);
        let mut out = vec![-1; want.len()];
        let got = dynamic::einsum(&subscripts, &arrays, &mut out).unwrap();
        prop_assert_eq!(&*got, &dims[..]);
        prop_assert_eq!(out, want);
        let shape_refs: Vec<&[usize]> = shapes.iter().map(Vec::as_slice).collect();
        prop_assert_eq!(&*dynamic::einsum_shape(&subscripts, &shape_refs).unwrap(), &dims[..]);
    }

    #[test]
    fn any_subscripts_are_an_answer_or_an_error(subscripts in "[abA ,.>1-]{0,12}", n in 0usize..4, size in 0usize..3) {
        let shapes: Vec<Vec<usize>> = (0..n).map(|o| vec![size; o % 3]).collect();
        let refs: Vec<&[usize]> = shapes.iter().map(Vec::as_slice).collect();
        match dynamic::einsum_shape(&subscripts, &refs) {
            Ok(dims) => prop_assert!(dims.len() <= 3),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
}

/// The expansion's hidden entry point, called by hand with a result shape that is not the
/// subscripts' result: refused, so that no tensor's data and shape disagree.
#[test]
fn a_hand_made_call_with_another_shape_is_refused() {
    use core::marker::PhantomData;
    use shapecast::__private::{Einsum, EinsumSpec, try_einsum_owned};
    struct RowSums;
    impl EinsumSpec for RowSums {
        // "ab->a": label 0 is `a`, the output's only label.
        const SPEC: Einsum = Einsum::from_labels(b"ab", &[&[0, 1]], 1);
    }
    struct Rows;
    struct Other;
    let data = [1i64, 2, 3, 4, 5, 6];
    bind!(let rows: Rows = 3);
    bind!(let other: Other = 5);
    let x = TensorRef::from_shape(dims![rows, 2], &data).unwrap();
    let ok = try_einsum_owned(
        RowSums,
        (x.shape(),),
        dims![rows],
        PhantomData::<shapecast::tensor::ByShape>,
        [x.as_slice()],
    );
    assert_eq!(ok.unwrap().as_slice(), [3, 7, 11]);
    let forged = try_einsum_owned(
        RowSums,
        (x.shape(),),
        dims![other],
        PhantomData::<shapecast::tensor::ByShape>,
        [x.as_slice()],
    );
    assert!(forged.is_err());
}

/// The hidden entry points called by hand with shapes, data or an output that disagree with
/// their subscripts: refused, or nothing written; never a read past the data.
#[test]
fn hand_made_calls_that_disagree_with_their_subscripts_are_refused() {
    use core::marker::PhantomData;
    use shapecast::__private::{Einsum, EinsumSpec, einsum_into, try_einsum_owned};
    use shapecast::tensor::{ByShape, OnHeap};
    struct Same;
    impl EinsumSpec for Same {
        const SPEC: Einsum = Einsum::from_labels(b"ij", &[&[0, 1]], 2);
    }
    struct Product;
    impl EinsumSpec for Product {
        // "ij,jk->ik", the output's labels first: i, k, then j.
        const SPEC: Einsum = Einsum::from_labels(b"ikj", &[&[0, 2], &[2, 1]], 2);
    }
    struct Rows;
    let (one, sixteen) = ([7.0f32], [1.0f32; 16]);
    let untouched = |out: &Tensor<f32, shape![4, 4]>| out.as_slice().iter().all(|&v| v == -1.0);

    // Data shorter than its shape, fixed and at run time.
    let mut out = Tensor::<f32, shape![4, 4]>::splat(-1.0);
    einsum_into(Same, (<shape![4, 4]>::default(),), [&one[..]], &mut out);
    assert!(untouched(&out));
    bind!(let rows: Rows = 100);
    let short =
        try_einsum_owned(Same, (dims![rows, 4],), dims![rows, 4], PhantomData::<OnHeap>, [&sixteen[..4]]);
    // Named by the subscripts the call was made from, not an empty `einsum ""`.
    assert_eq!(
        short.unwrap_err().to_string(),
        "einsum \"ij->ij\": operand 1's slice holds 4 elements but its shape has 400"
    );
    // An output of another size than the subscripts' result.
    let mut small = Tensor::<f32, shape![2, 2]>::splat(-1.0);
    einsum_into(Same, (<shape![4, 4]>::default(),), [&sixteen[..]], &mut small);
    assert_eq!(small.as_slice(), [-1.0; 4]);
    let other = try_einsum_owned(
        Same,
        (<shape![4, 4]>::default(),),
        <shape![2, 2]>::default(),
        PhantomData::<ByShape>,
        [&sixteen[..]],
    );
    assert!(other.is_err());
    // A label of two sizes: `j` is 3 in the first operand and 1 in the second.
    let mut out = Tensor::<f32, shape![4, 4]>::splat(-1.0);
    einsum_into(
        Product,
        (<shape![4, 3]>::default(), <shape![1, 4]>::default()),
        [&[1.0; 12][..], &[1.0; 4][..]],
        &mut out,
    );
    assert!(untouched(&out));
    let sizes = try_einsum_owned(
        Product,
        (<shape![4, 3]>::default(), <shape![1, 4]>::default()),
        <shape![4, 4]>::default(),
        PhantomData::<ByShape>,
        [&[1.0; 12][..], &[1.0; 4][..]],
    );
    assert!(sizes.unwrap_err().to_string().contains("label `j`"));
    // An operand the subscripts do not have. (A label number past every letter, over fixed
    // shapes, is a compile error: the strides are computed while the program compiles.)
    let mut out = Tensor::<f32, shape![4, 4]>::splat(-1.0);
    einsum_into(
        Same,
        (<shape![4, 4]>::default(), <shape![4, 4]>::default()),
        [&sixteen[..], &sixteen[..]],
        &mut out,
    );
    assert!(untouched(&out));
    // A fixed result shape of the same count but other sizes.
    let reshaped = try_einsum_owned(
        Same,
        (<shape![4, 4]>::default(),),
        <shape![2, 8]>::default(),
        PhantomData::<ByShape>,
        [&sixteen[..]],
    );
    assert_eq!(
        reshaped.unwrap_err().to_string(),
        "einsum \"ij->ij\": the output's shape [2, 8] is not the result's [4, 4]"
    );
    // A label number past every letter, with a result shape at run time: refused, not a panic
    // in the rule that names the letters.
    struct PastAll;
    impl EinsumSpec for PastAll {
        const SPEC: Einsum = Einsum::from_labels(b"ij", &[&[0, 60]], 2);
    }
    bind!(let three: Rows = 3);
    let past = try_einsum_owned(
        PastAll,
        (dims![three, 2],),
        dims![three, 2],
        PhantomData::<OnHeap>,
        [&[1.0f64; 6][..]],
    );
    // (The label past the letters is written `?`.)
    assert_eq!(
        past.unwrap_err().to_string(),
        "einsum \"i?->ij\": `?` (character 1) is not a label; labels are ASCII letters, `a` to `z` and `A` to `Z`"
    );
    // An output of the result's length but another shape, fixed and at run time.
    let mut flat = Tensor::<f32, shape![16]>::splat(-1.0);
    einsum_into(Same, (<shape![4, 4]>::default(),), [&sixteen[..]], &mut flat);
    assert_eq!(flat.as_slice(), [-1.0; 16]);
    let mut turned = Tensor::<f32, shape![2, 8]>::splat(-1.0);
    einsum_into(Same, (<shape![4, 4]>::default(),), [&sixteen[..]], &mut turned);
    assert_eq!(turned.as_slice(), [-1.0; 16]);
    struct Cols;
    bind!(let four: Rows = 4);
    bind!(let two: Cols = 2);
    let mut buffer = [-1.0f32; 8];
    let mut wide = TensorMut::from_shape(dims![two, four], &mut buffer).unwrap();
    einsum_into(Same, (dims![four, two],), [&sixteen[..8]], &mut wide);
    assert_eq!(buffer, [-1.0; 8]);
    // A data slice with no shape in the tuple is refused, not read as the scalar operand of
    // "ij,->ij".
    struct Scaled;
    impl EinsumSpec for Scaled {
        const SPEC: Einsum = Einsum::from_labels(b"ij", &[&[0, 1], &[]], 2);
    }
    let mut out = Tensor::<f32, shape![4, 4]>::splat(-1.0);
    einsum_into(Scaled, (<shape![4, 4]>::default(),), [&sixteen[..], &one[..]], &mut out);
    assert!(untouched(&out));
    let unshaped = try_einsum_owned(
        Scaled,
        (dims![four, 4],),
        dims![four, 4],
        PhantomData::<OnHeap>,
        [&sixteen[..], &one[..]],
    );
    assert_eq!(
        unshaped.unwrap_err().to_string(),
        "einsum \"ij,->ij\": 2 subscripts (before `->`, separated by commas) but 1 operand; there must be one subscript per operand"
    );
    // More data slices than the subscripts have operands: the two counts, not a slice's length.
    let extra = try_einsum_owned(
        Same,
        (dims![four, 4],),
        dims![four, 4],
        PhantomData::<OnHeap>,
        [&sixteen[..], &one[..]],
    );
    assert_eq!(
        extra.unwrap_err().to_string(),
        "einsum \"ij->ij\": 1 subscript (before `->`, separated by commas) but 2 operands; there must be one subscript per operand"
    );
    einsum_into(
        Scaled,
        (<shape![4, 4]>::default(), <shape![]>::default()),
        [&sixteen[..], &one[..]],
        &mut out,
    );
    assert_eq!(out.as_slice(), [7.0; 16]);
    // What agrees still runs.
    einsum_into(Same, (<shape![4, 4]>::default(),), [&sixteen[..]], &mut out);
    assert_eq!(out.as_slice(), [1.0; 16]);
}
