//! The plans made while the program compiles (`kernel::constant`) are the ones made at run
//! time, cursor for cursor, for expressions of every kind of node.

extern crate std;
use std::{format, string::String, vec::Vec};

use crate::expr::{Expression, IDENTITY, Lazy};
use crate::kernel::fused::{self, Hint, Nest};
use crate::kernel::place::{Pass, PlanOf};
use crate::kernel::source::Source;
use crate::prelude::*;

/// Every leaf's cursor, as `Debug` shows it.
fn cursors<const W: usize, S: Source<W>>(src: &S) -> Vec<String> {
    let mut out = Vec::new();
    src.all(&mut |c| {
        out.push(format!("{c:?}"));
        true
    });
    out
}

/// The walk chosen from the plan while compiling, where it fixes one, is the one chosen from the
/// cursors the plan sets.
fn same_walk<const W: usize, S: Source<W>, P: Pass>(_: Hint<P>, nest: &Nest<W>, src: &S) {
    let plan = PlanOf::<P, W>::get().expect("a constant plan");
    if let Some(walk) = plan.walk(P::LAST, S::SLOTS > 0, fused::by_plan::<W, S, P>()) {
        assert_eq!(walk, fused::found::<W, S, P>(nest, src));
    }
}

/// The plan made while compiling is the one made at run time, cursor for cursor.
fn same_plan<E: Expression + Copy>(e: Lazy<E>) {
    const W: usize = 16;
    let shape = e.0.shape();
    let mut dims = [0; W];
    let dims = crate::shape::extents_in(&shape, &mut dims);
    let hint = crate::expr::hint::<E, E::Shape>();
    assert!(hint.plan::<W>().is_some(), "every size but the first is fixed: the plan is a constant");
    let mut by_run = e.0.source::<W>(&IDENTITY[..dims.len()], &mut dims.len());
    let mut by_types = e.0.source::<W>(&IDENTITY[..dims.len()], &mut dims.len());
    let run_time = Nest::plan(dims, Hint::RUN_TIME, &mut by_run);
    let compile_time = Nest::plan(dims, hint, &mut by_types);
    assert_eq!(run_time, compile_time);
    assert_eq!(cursors(&by_run), cursors(&by_types));
    if let Some(nest) = &compile_time {
        same_walk(hint, nest, &by_types);
    }
    // A pass read as its plan says finds each node's rows and columns by these counts.
    assert_eq!(
        <E::Source<W> as Source<W>>::LEAVES,
        E::STRIDES.leaves(),
        "the source's leaves are the table's rows"
    );
    assert_eq!(<E::Source<W> as Source<W>>::SLOTS, E::SLOTS, "the source's reduced axes are the table's");
}

#[test]
fn constant_plans_are_the_run_time_ones() {
    let x = Tensor::<f32, shape![3, 1, 4, 5]>::splat(1.0);
    let row = Tensor::<f32, shape![5]>::splat(2.0);
    let col = Tensor::<f32, shape![4, 1]>::splat(3.0);
    let v = Tensor::<f32, shape![3]>::splat(4.0);
    same_plan(x.lazy() + &row);
    same_plan(x.lazy() * &col - &row + 1.0);
    same_plan((row.lazy() * 2.0).map(|v| v + 1.0));
    same_plan(col.lazy() + &row);
    same_plan(v.lazy().with_dims::<axes![0]>() * &x);
    same_plan(row.lazy().insert_axis::<0>() + &col);
    same_plan(x.lazy() - x.lazy().max_keepdims::<axes![0, 3]>());
    same_plan(x.lazy().sum_axes::<axes![2]>() * &row);
    same_plan(
        (x.lazy() - x.lazy().mean_keepdims::<axes![3]>()).map(|v| v * v).sum_keepdims::<axes![3]>() + &x,
    );
    same_plan(x.lazy().sum_axes::<axes![0, 1, 2, 3]>() + 1.0);
    let empty = Tensor::<f32, shape![2, 0, 3]>::splat(0.0);
    same_plan(empty.lazy() + 1.0);
    // Short runs: a middle axis reduced into rows of 10, and a 4×4 product as a broadcast and
    // a sum.
    let t = Tensor::<f32, shape![6, 4, 10]>::splat(1.0);
    same_plan(t.lazy().sum_axes::<axes![1]>());
    let m = Tensor::<f32, shape![4, 4]>::splat(2.0);
    same_plan((m.lazy().insert_axis::<2>() * &m).sum_axes::<axes![1]>());
    let short = Tensor::<f32, shape![8, 3]>::splat(1.0);
    let s = Tensor::<f32, shape![3]>::splat(1.0);
    same_plan(short.lazy() + &s);
    let c = Tensor::<f32, shape![8, 1]>::splat(2.0);
    same_plan(short.lazy() * &c);
    same_plan(short.lazy() - short.lazy().max_keepdims::<axes![1]>());
    same_plan(short.lazy().max_axes::<axes![1]>() + 1.0);
}

/// With the output's first size known only at run time (0, and sizes other than 1, which
/// the run-time plan would drop), the plan made while compiling is still the run-time one.
#[test]
fn constant_plans_with_a_run_time_first_size() {
    struct Rows;
    let row = Tensor::<f32, shape![5]>::splat(2.0);
    let col = Tensor::<f32, shape![4, 1]>::splat(3.0);
    let c = Tensor::<f32, shape![3, 5]>::splat(4.0);
    for n in [0, 2, 3, 17] {
        let data = std::vec![1.0f32; n * 20];
        bind!(let rows: Rows = n);
        let x = TensorRef::from_shape(dims![rows, 4, 5], &data).unwrap();
        let flat = TensorRef::from_shape(dims![rows, 5], &data[..n * 5]).unwrap();
        same_plan(x.lazy() + &row);
        same_plan(x.lazy() * &col - &row);
        same_plan(x.lazy() - x.lazy().max_keepdims::<axes![2]>());
        same_plan(x.lazy().sum_axes::<axes![1]>() * &row);
        same_plan(x.lazy().sum_axes::<axes![0]>() + 1.0);
        same_plan(
            (flat.lazy().insert_axis::<1>() - &c).powi(2).sum_axes::<axes![2]>().argmin_axes::<axes![1]>(),
        );
        same_plan(flat.lazy().insert_axis::<2>() * &row);
    }
}
