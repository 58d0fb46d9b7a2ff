//! The checks of the `no_std` proofs, shared by the host binary (`tests/no-std`) and the
//! Cortex-M3 one (`tests/thumb`), which include this file: macros, typed tensors, the static
//! kernels, reductions, run-time sizes and the dynamic API, with no allocator.

use shapecast::prelude::*;

/// Whether every check holds.
pub fn all() -> bool {
    dynamic_checks() && static_checks() && runtime_checks()
}

/// One monomorphized kernel behind a fixed symbol, so that its size can be measured
/// (`benches/sizes.sh`).
#[unsafe(no_mangle)]
#[inline(never)]
pub fn shapecast_add_f32_8x16_16(
    a: &Tensor<f32, shape![8, 16]>,
    b: &Tensor<f32, shape![16]>,
) -> Tensor<f32, shape![8, 16]> {
    a + b
}

fn dynamic_checks() -> bool {
    use dynamic::{Array, ArrayMut, BroadcastError};
    let shape_ok = matches!(dynamic::broadcast_shapes(&[&[2, 1], &[1, 3]]), Ok(s) if *s == [2, 3]);
    let error_ok = dynamic::broadcast_to(&[3], &[1]).is_err() && Array::new(&[1, 2], &[3]).is_err();
    let (mut row, mut sum, mut bias) = ([0i32; 6], [0i32; 6], [0i32; 3]);
    let mut kernels = || -> Result<(), BroadcastError> {
        dynamic::copy_broadcast_to(Array::new(&[1, 2, 3], &[3])?, ArrayMut::new(&mut row, &[2, 3])?)?;
        let (col, abc) = (Array::new(&[10, 20], &[2, 1])?, Array::new(&[1, 2, 3], &[3])?);
        dynamic::zip_broadcast(col, abc, &mut sum, |a, b| a + b)?;
        dynamic::sum_to(Array::new(&sum, &[2, 3])?, ArrayMut::new(&mut bias, &[3])?)
    };
    let kernels_ok = kernels().is_ok();
    shape_ok
        && error_ok
        && kernels_ok
        && row == [1, 2, 3, 1, 2, 3]
        && sum == [11, 12, 13, 21, 22, 23]
        && bias == [32, 34, 36]
}

fn static_checks() -> bool {
    type Batch = shape![4, 3];
    let shapes_ok = <broadcast!(Batch, [3])>::DIMS == [4, 3]
        && <broadcast!([3] => [2, 3], dims = [1])>::LEN == 6
        && <broadcast!(shape![2], shape![2, 5], dims = [0])>::DIMS == [2, 5];

    let m = Tensor::<i32, Batch>::from([[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]);
    let v = Tensor::<i32, shape![3]>::from([100, 200, 300]);
    let sum = &m + &v;
    let mut in_place = m.clone();
    in_place += &v;
    let add_ok = sum.get(&[3, 2]) == Some(&312) && in_place == sum;
    let rows = v.broadcast_axes::<shape![2, 3], axes![0]>();
    let copy_ok = rows.as_slice() == [100, 200, 300, 100, 200, 300];
    let cols = v.broadcast_in_dim::<shape![3, 2], axes![0]>();
    let in_dim_ok = cols.as_slice() == [100, 100, 200, 200, 300, 300];
    let reduce_ok = m.sum_axes::<axes![0]>().as_slice() == [22, 26, 30]
        && m.sum_to::<shape![4, 1]>().as_slice() == [6, 15, 24, 33];
    let view_ok = v.broadcast_view::<Batch>().iter().copied().eq(m
        .map(|_| 0)
        .as_slice()
        .iter()
        .zip(v.as_slice().iter().cycle())
        .map(|(_, &x)| x));
    let xla = v.with_dims::<axes![1]>().zip_with(&m, |a, b| a - b);
    let xla_ok = xla.get(&[0, 0]) == Some(&99);
    let f = Tensor::<f32, shape![8, 16]>::splat(1.5);
    let g = Tensor::<f32, shape![16]>::splat(0.5);
    let kernel_ok = shapecast_add_f32_8x16_16(&f, &g).as_slice().iter().all(|&x| x == 2.0);
    shapes_ok && add_ok && copy_ok && in_dim_ok && reduce_ok && view_ok && xla_ok && kernel_ok
}

/// Shapes with run-time sizes, with no allocator: borrowed tensors and `_into` outputs.
fn runtime_checks() -> bool {
    struct Rows;
    let data = [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0];
    bind!(let rows: Rows = data.len() / 4);
    let Ok(x) = TensorRef::from_shape(dims![rows, 4], &data) else { return false };
    let bias = Tensor::<f32, shape![4]>::from([0.5, 0.5, 0.5, 0.5]);
    let mut buf = [0.0f32; 8];
    let Ok(mut out) = TensorMut::from_shape(dims![rows, 4], &mut buf) else { return false };
    x.zip_with_into(&bias, &mut out, |a, b| a + b);
    out *= 2.0;
    out -= &bias;
    let column_sums: Tensor<f32, shape![4]> = x.sum_axes::<axes![0]>();
    let mut rows_out = [0.0f32; 8];
    let Ok(mut broadcast) = TensorMut::from_shape(dims![rows, 4], &mut rows_out) else { return false };
    bias.broadcast_to_into(&mut broadcast);
    let fixed_ok = matches!(x.to_fixed::<shape![2, 4]>(), Ok(f) if f.get(&[1, 3]) == Some(&8.0));
    let wrong_len = TensorRef::from_shape(dims![rows, 4], &data[1..]).is_err();
    buf == [2.5, 4.5, 6.5, 8.5, 10.5, 12.5, 14.5, 16.5]
        && column_sums.as_slice() == [6.0, 8.0, 10.0, 12.0]
        && rows_out == [0.5; 8]
        && fixed_ok
        && wrong_len
        && kmeans_step()
}

/// k-means' step over run-time points with no allocator: the nearest centroid of each point
/// (never stored) and each centroid the mean of its points, in one pass. Not on the Cortex-M3:
/// that pass's code (a nested reduction's, every path of the kernel inlined) does not fit its
/// 256 KiB of flash beside the other checks.
#[cfg(not(target_arch = "arm"))]
fn kmeans_step() -> bool {
    let data = [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0];
    struct Points;
    bind!(let n: Points = data.len() / 2);
    let Ok(points) = TensorRef::from_shape(dims![n, 2], &data) else { return false };
    let centroids = Tensor::<f32, shape![2, 2]>::from([[0.0, 0.0], [9.0, 9.0]]);
    let nearest = (points.lazy().insert_axis::<1>() - &centroids)
        .powi(2)
        .sum_axes::<axes![2]>()
        .argmin_axes::<axes![1]>();
    matches!(centroids.mean_at(nearest, &points), Ok(c) if c.as_slice() == [2.0, 3.0, 6.0, 7.0])
}

/// Not on the Cortex-M3 (see above).
#[cfg(target_arch = "arm")]
fn kmeans_step() -> bool {
    true
}
