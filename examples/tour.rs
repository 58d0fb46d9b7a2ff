//! A tour of shapecast: run it with `cargo run --example tour`.
//!
//! Each section prints what it computed, so you can check it by eye.

use shapecast::prelude::*;

fn show(label: &str, result: Result<dynamic::DynShape, dynamic::BroadcastError>) {
    match result {
        Ok(shape) => println!("  {label:<44} -> {shape}"),
        Err(e) => println!("  {label:<44} -> error: {e}"),
    }
}

/// Prints a shape that `broadcast!` computed while this program compiled.
fn at_compile_time<S: Shape>(label: &str) {
    println!("  {label:<58} -> {:?}", S::dims());
}

fn main() -> Result<(), dynamic::BroadcastError> {
    println!("Shapes known at compile time: each line is a type that broadcast! computed and checked");
    println!("while this program compiled (a clash would have been a compile error; see ui-tests/).\n");
    at_compile_time::<broadcast!([2, 3], [3])>("broadcast!([2, 3], [3])");
    at_compile_time::<broadcast!([2, 1], [1, 3])>("broadcast!([2, 1], [1, 3])");
    at_compile_time::<broadcast!([], [3], [2, 3])>("broadcast!([], [3], [2, 3])");
    at_compile_time::<broadcast!([3] => [2, 3])>("broadcast!([3] => [2, 3])");
    at_compile_time::<broadcast!([3] => [3, 2], axes = [1])>("broadcast!([3] => [3, 2], axes = [1])");
    at_compile_time::<broadcast!([2, 1, 4] => [2, 3, 4], dims = [0, 1, 2])>(
        "broadcast!([2, 1, 4] => [2, 3, 4], dims = [0, 1, 2])",
    );
    at_compile_time::<broadcast!([1, 2], [4, 3, 1], dims = [1, 2])>(
        "broadcast!([1, 2], [4, 3, 1], dims = [1, 2])",
    );
    type Batch = shape![32, 10];
    at_compile_time::<broadcast!(Batch, [10])>("type Batch = shape![32, 10]; broadcast!(Batch, [10])");
    println!(
        "  shape![1500, 65537] has {} elements: no table of sizes to run off",
        <shape![1500, 65537]>::LEN
    );

    println!("\nTyped tensors: the output type comes from broadcast!, the kernel's loops are constants.\n");
    let m = Tensor::<i32, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
    let v = Tensor::<i32, shape![3]>::from([7, 8, 9]);
    println!("  m + v (NumPy)                      = {:?}", &m + &v);
    println!(
        "  m + v with dims (1) (XLA)          = {:?}",
        m.with_dims::<axes![1]>().zip_with(&v, |x, y| x + y)
    );
    let abc = Tensor::<char, shape![3]>::from(['a', 'b', 'c']);
    println!("  Broadcast(abc, [3, 2], {{1}})        = {:?}", abc.broadcast_axes::<shape![3, 2], axes![1]>());
    println!("  sum_to::<[3]>(m + v) (the adjoint) = {:?}", (&m + &v).sum_to::<shape![3]>());
    println!("\nShapes known only at run time (shapecast::dynamic): the same rules, errors as values.\n");

    println!("NumPy: shorter shapes align to the right; a size 1 stretches.");
    show("[2, 3] & [3]", dynamic::broadcast_shapes(&[&[2, 3], &[3]]));
    show("[] & [3] & [2, 3]", dynamic::broadcast_shapes(&[&[], &[3], &[2, 3]]));
    show("[2, 1] & [1, 3]  (outer product)", dynamic::broadcast_shapes(&[&[2, 1], &[1, 3]]));
    show("[1, 0] & [0, 1]  (0 is a size like any other)", dynamic::broadcast_shapes(&[&[1, 0], &[0, 1]]));
    show("[7, 2, 5] & [7, 2, 6]", dynamic::broadcast_shapes(&[&[7, 2, 5], &[7, 2, 6]]));
    show("broadcast_to [3] => [2, 3]", dynamic::broadcast_to(&[3], &[2, 3]));
    show("broadcast_to [3] => [1]  (one-way)", dynamic::broadcast_to(&[3], &[1]));

    println!("\nXLA: explicit dims say where a lower-rank operand's axes go.");
    show("[2, 3] + [3], dims (1)", dynamic::broadcast_with_dims(&[2, 3], &[3], &[1]));
    show("[2, 3] + [3], dims (0)", dynamic::broadcast_with_dims(&[2, 3], &[3], &[0]));
    show("[4] + [1, 2], dims (0)", dynamic::broadcast_with_dims(&[4], &[1, 2], &[0]));
    show("[8, 8, 8] + [8, 8], dims (1, 0)", dynamic::broadcast_with_dims(&[8, 8, 8], &[8, 8], &[1, 0]));
    show(
        "BroadcastInDim [2, 1, 4] => [2, 3, 4], (0, 1, 2)",
        dynamic::broadcast_in_dim(&[2, 1, 4], &[2, 3, 4], &[0, 1, 2]),
    );
    show("BroadcastInDim [3] => [2, 1], (1)", dynamic::broadcast_in_dim(&[3], &[2, 1], &[1]));

    println!("\nnGraph: the output minus the broadcast axes must equal the argument exactly.");
    show("Broadcast([3], [2, 3], {0})", dynamic::broadcast_axes(&[3], &[2, 3], &[0]));
    show("Broadcast([3], [3, 2], {1})", dynamic::broadcast_axes(&[3], &[3, 2], &[1]));
    show("Broadcast([1], [2, 3], {0})  (no stretching)", dynamic::broadcast_axes(&[1], &[2, 3], &[0]));

    println!("\nKernels over arrays (a slice and its shape): checked first, nothing written on error.");
    use dynamic::{Array, ArrayMut};
    let (abc, mut rows, mut cols) = (Array::new(&['a', 'b', 'c'], &[3])?, ['.'; 6], ['.'; 6]);
    dynamic::copy_broadcast_axes(abc, ArrayMut::new(&mut rows, &[2, 3])?, &[0])?;
    dynamic::copy_broadcast_axes(abc, ArrayMut::new(&mut cols, &[3, 2])?, &[1])?;
    println!("  Broadcast([a, b, c], [2, 3], {{0}}) = {rows:?}");
    println!("  Broadcast([a, b, c], [3, 2], {{1}}) = {cols:?}");
    let mut sum = [0; 6];
    let (m, v) = (Array::new(&[1, 2, 3, 4, 5, 6], &[2, 3])?, Array::new(&[7, 8, 9], &[3])?);
    dynamic::zip_broadcast_with_dims(m, v, &[1], &mut sum, |x, y| x + y)?;
    println!("  |1 2 3| + |7 8 9| with dims (1)  = {sum:?}");
    println!("  |4 5 6|");
    let mut too_small = ['.'; 4];
    let err = ArrayMut::new(&mut too_small, &[2, 3]).unwrap_err();
    println!("  a 4-element output for [2, 3]      -> error: {err}");
    let err = dynamic::copy_broadcast_to(abc, ArrayMut::new(&mut too_small, &[2, 2])?).unwrap_err();
    println!("  [a, b, c] into a [2, 2] output     -> error: {err}");
    println!("  the output is untouched            -> {too_small:?}");
    Ok(())
}
