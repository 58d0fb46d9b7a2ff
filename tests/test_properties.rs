//! Property tests: the dynamic API against the naive reference of `common/reference.rs` (and
//! its error messages, `common/messages.rs`), on random shapes of rank 0–6 with sizes 0–5.

mod common;

use common::messages;
use common::reference::{self as naive, Shape};
use proptest::prelude::*;
use shapecast::dynamic::{self, Array, ArrayMut};

fn shape(max_rank: usize) -> impl Strategy<Value = Shape> {
    prop::collection::vec(0usize..=5, 0..=max_rank)
}

/// An output shape and an operand that broadcasts to it, in NumPy's sense (sizes replaced by 1,
/// leading axes dropped); sometimes one size is then changed, to make errors likely.
fn numpy_pair() -> impl Strategy<Value = (Shape, Shape)> {
    (shape(6), any::<u64>(), 0usize..=6, any::<bool>(), 0usize..=5).prop_map(|(out, ones, drop, spoil, v)| {
        let mut a: Shape =
            out.iter().enumerate().map(|(i, &d)| if ones >> i & 1 == 1 { 1 } else { d }).collect();
        a.drain(..drop.min(a.len()));
        if spoil && !a.is_empty() {
            let i = (ones as usize >> 8) % a.len();
            a[i] = v;
        }
        (a, out)
    })
}

/// A sorted subset of `0..rank`, from a bit mask.
fn subset(rank: usize, mask: u64) -> Vec<usize> {
    (0..rank).filter(|i| mask >> i & 1 == 1).collect()
}

/// Sometimes disorder a list (swap two entries or repeat one), for the ordering rules.
fn maybe_disorder(mut list: Vec<usize>, how: u8) -> Vec<usize> {
    match (how % 4, list.len()) {
        (1, 2..) => list.swap(0, 1),
        (2, 1..) => list.push(list[list.len() - 1]),
        (3, _) => list.push(7),
        _ => {}
    }
    list
}

fn numpy_family() -> impl Strategy<Value = Vec<Shape>> {
    prop::collection::vec(numpy_pair(), 1..=4).prop_map(|pairs| {
        let out = pairs[0].1.clone();
        pairs.into_iter().map(|(a, o)| if o.len() == out.len() { a } else { o }).collect()
    })
}

fn check_kernel(operand: &[usize], map: &[usize], out: &[usize], got: &[usize]) {
    assert_eq!(got, naive::broadcast_indices(operand, map, out).as_slice());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn numpy_matches_reference(shapes in prop_oneof![numpy_family(), prop::collection::vec(shape(6), 0..=4)]) {
        let refs: Vec<&[usize]> = shapes.iter().map(Vec::as_slice).collect();
        let got = dynamic::broadcast_shapes(&refs);
        prop_assert_eq!(got.as_ref().err().map(|e| e.to_string()), messages::numpy(&shapes));
        prop_assert_eq!(got.ok().map(|s| s.to_vec()), naive::numpy(&shapes));
    }

    #[test]
    fn numpy_is_commutative_and_associative(a in shape(6), (b, c) in numpy_pair()) {
        let bc = |x: &[usize], y: &[usize]| dynamic::broadcast_shapes(&[x, y]).ok().map(|s| s.to_vec());
        prop_assert_eq!(bc(&a, &b), bc(&b, &a));
        let left = bc(&a, &b).and_then(|ab| bc(&ab, &c));
        let right = bc(&b, &c).and_then(|bc_| bc(&a, &bc_));
        prop_assert_eq!(&left, &right);
        let all = dynamic::broadcast_shapes(&[&a, &b, &c]).ok().map(|s| s.to_vec());
        prop_assert_eq!(all, left);
    }

    #[test]
    fn broadcast_to_matches_reference_and_copies((a, out) in numpy_pair()) {
        let got = dynamic::broadcast_to(&a, &out);
        prop_assert_eq!(got.as_ref().err().map(|e| e.to_string()), messages::broadcast_to(&a, &out));
        let got = got.ok().map(|s| s.to_vec());
        prop_assert_eq!(&got, &naive::broadcast_to(&a, &out));
        let src: Vec<usize> = (0..a.iter().product()).collect();
        let mut dst = vec![usize::MAX; out.iter().product()];
        let copied = dynamic::copy_broadcast_to(Array::new(&src, &a).unwrap(), ArrayMut::new(&mut dst, &out).unwrap());
        prop_assert_eq!(copied.is_ok(), got.is_some());
        if got.is_some() {
            check_kernel(&a, &naive::numpy_map(a.len(), out.len()), &out, &dst);
        } else {
            prop_assert!(dst.iter().all(|&x| x == usize::MAX), "written on error");
        }
    }

    #[test]
    fn axes_matches_reference_and_copies(out in shape(6), mask in any::<u64>(), spoil in any::<u8>()) {
        let axes = maybe_disorder(subset(out.len(), mask), spoil);
        let mut arg: Shape = naive::axes_map(out.len(), &axes).iter().map(|&i| out[i]).collect();
        if spoil & 16 != 0 && !arg.is_empty() { arg[0] = 1; }
        let got = dynamic::broadcast_axes(&arg, &out, &axes);
        prop_assert_eq!(got.as_ref().err().map(|e| e.to_string()), messages::axes(&arg, &out, &axes));
        let got = got.ok().map(|s| s.to_vec());
        prop_assert_eq!(&got, &naive::axes(&arg, &out, &axes));
        if got.is_some() {
            let src: Vec<usize> = (0..arg.iter().product()).collect();
            let mut dst = vec![0; out.iter().product()];
            dynamic::copy_broadcast_axes(Array::new(&src, &arg).unwrap(), ArrayMut::new(&mut dst, &out).unwrap(), &axes).unwrap();
            check_kernel(&arg, &naive::axes_map(out.len(), &axes), &out, &dst);
        }
    }

    #[test]
    fn in_dim_matches_reference_and_copies(out in shape(6), mask in any::<u64>(), ones in any::<u64>(), spoil in any::<u8>()) {
        let dims = maybe_disorder(subset(out.len(), mask), spoil);
        let mut a: Shape = dims.iter().enumerate()
            .map(|(k, &i)| if ones >> k & 1 == 1 { 1 } else { out.get(i).copied().unwrap_or(2) })
            .collect();
        if spoil & 16 != 0 && !a.is_empty() { a[0] = 4; }
        let got = dynamic::broadcast_in_dim(&a, &out, &dims);
        prop_assert_eq!(got.as_ref().err().map(|e| e.to_string()), messages::in_dim(&a, &out, &dims));
        let got = got.ok().map(|s| s.to_vec());
        prop_assert_eq!(&got, &naive::in_dim(&a, &out, &dims));
        if got.is_some() {
            let src: Vec<usize> = (0..a.iter().product()).collect();
            let mut dst = vec![0; out.iter().product()];
            dynamic::copy_broadcast_in_dim(Array::new(&src, &a).unwrap(), ArrayMut::new(&mut dst, &out).unwrap(), &dims).unwrap();
            check_kernel(&a, &dims, &out, &dst);
        }
    }

    #[test]
    fn zip_matches_reference((a, b0) in numpy_pair(), ones in any::<u64>()) {
        // b: the output shape with some sizes set to 1, so that both sides stretch.
        let b: Shape = b0.iter().enumerate().map(|(i, &d)| if ones >> i & 1 == 1 { 1 } else { d }).collect();
        let want = naive::numpy(&[a.clone(), b.clone()]);
        let (ia, ib): (Vec<usize>, Vec<usize>) = ((0..a.iter().product()).collect(), (0..b.iter().product()).collect());
        let mut out = vec![(0, 0); want.as_ref().map_or(0, |s| s.iter().product())];
        let got = dynamic::zip_broadcast(Array::new(&ia, &a).unwrap(), Array::new(&ib, &b).unwrap(), &mut out, |x, y| (x, y));
        prop_assert_eq!(got.ok().map(|s| s.to_vec()), want.clone());
        if let Some(o) = want {
            let ea = naive::broadcast_indices(&a, &naive::numpy_map(a.len(), o.len()), &o);
            let eb = naive::broadcast_indices(&b, &naive::numpy_map(b.len(), o.len()), &o);
            prop_assert_eq!(out, ea.into_iter().zip(eb).collect::<Vec<_>>());
        }
    }

    #[test]
    fn zip_with_dims_matches_reference(high in shape(5), mask in any::<u64>(), ones in any::<u64>(), how in any::<u8>()) {
        let dims = maybe_disorder(subset(high.len(), mask), how);
        let low: Shape = dims.iter().enumerate()
            .map(|(k, &i)| if ones >> k & 1 == 1 { 1 } else { high.get(i).copied().unwrap_or(3) })
            .collect();
        let (l, r) = if how & 32 != 0 { (high.clone(), low.clone()) } else { (low.clone(), high.clone()) };
        let dims = if how & 64 != 0 { vec![] } else { dims };
        let want = naive::with_dims(&l, &r, &dims);
        let got = dynamic::broadcast_with_dims(&l, &r, &dims);
        prop_assert_eq!(got.as_ref().err().map(|e| e.to_string()), messages::with_dims(&l, &r, &dims));
        prop_assert_eq!(got.ok().map(|s| s.to_vec()), want.clone());
        if let Some(o) = want {
            let (il, ir): (Vec<usize>, Vec<usize>) = ((0..l.iter().product()).collect(), (0..r.iter().product()).collect());
            let mut out = vec![(0, 0); o.iter().product()];
            let (l_op, r_op) = (Array::new(&il, &l).unwrap(), Array::new(&ir, &r).unwrap());
            dynamic::zip_broadcast_with_dims(l_op, r_op, &dims, &mut out, |x, y| (x, y)).unwrap();
            let [ml, mr] = naive::with_dims_maps(l.len(), r.len(), &dims);
            let el = naive::broadcast_indices(&l, &ml, &o);
            let er = naive::broadcast_indices(&r, &mr, &o);
            prop_assert_eq!(out, el.into_iter().zip(er).collect::<Vec<_>>());
        }
    }
}
