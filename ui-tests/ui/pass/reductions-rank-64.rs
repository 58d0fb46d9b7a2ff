// Every reduction on typed shapes of 64 axes, the most there are, at rustc's default recursion
// limit: fixed sizes, and a run-time size kept or reduced. Removing axes at the type level costs
// `cargo check` time in proportion to the rank (see benches/compile_time_rank.sh).
use shapecast::prelude::*;

type Big = shape![2, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 4, 5];
/// `Big` without its axes 0 and 63.
type Small = shape![3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 4];
/// What `Big` sums to when its axes 0, 1 and 63 are summed away (the first two dropped).
type Tail = shape![1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 4, 1];
/// `Big` with a run-time outermost size.
type RtBig<'id> = shape![Rows<'id>, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 4, 5];
/// `RtBig` without its axis 63.
type RtKept<'id> = shape![Rows<'id>, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 4];

/// The element at flat index `i`: at `[a, j, k, b]` (the size-1 axes left out), `60a + 20j + 5k + b`.
fn at(i: usize) -> f32 {
    i as f32
}

fn fixed() {
    let t = Tensor::<f32, Big>::from_fn(at);
    assert_eq!(t.sum_axes::<axes![0, 63]>().as_slice(), [320, 370, 420, 470, 520, 570, 620, 670, 720, 770, 820, 870].map(|s: i32| s as f32));
    assert_eq!(t.mean_axes::<axes![0, 63]>().as_slice(), [32.0, 37.0, 42.0, 47.0, 52.0, 57.0, 62.0, 67.0, 72.0, 77.0, 82.0, 87.0]);
    assert_eq!(t.max_axes::<axes![0, 63]>().unwrap().as_slice(), [64, 69, 74, 79, 84, 89, 94, 99, 104, 109, 114, 119].map(|s: i32| s as f32));
    assert_eq!(t.min_axes::<axes![0, 63]>().unwrap().as_slice(), [0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55].map(|s: i32| s as f32));
    assert_eq!(t.argmax_axes::<axes![0, 63]>().unwrap().as_slice(), [9; 12]);
    assert_eq!(t.argmin_axes::<axes![0, 63]>().unwrap().as_slice(), [0; 12]);
    assert_eq!(t.sum_to::<Tail>().as_slice(), [1560, 1710, 1860, 2010].map(|s: i32| s as f32));

    let mut out = Tensor::<f32, Small>::splat(-1.0);
    t.sum_axes_into::<axes![0, 63]>(&mut out.view_mut());
    assert_eq!(out.as_slice(), [320, 370, 420, 470, 520, 570, 620, 670, 720, 770, 820, 870].map(|s: i32| s as f32));
    t.mean_axes_into::<axes![0, 63]>(&mut out.view_mut());
    assert_eq!(out.as_slice(), [32.0, 37.0, 42.0, 47.0, 52.0, 57.0, 62.0, 67.0, 72.0, 77.0, 82.0, 87.0]);
    t.max_axes_into::<axes![0, 63]>(&mut out.view_mut()).unwrap();
    assert_eq!(out.as_slice(), [64, 69, 74, 79, 84, 89, 94, 99, 104, 109, 114, 119].map(|s: i32| s as f32));
    t.min_axes_into::<axes![0, 63]>(&mut out.view_mut()).unwrap();
    assert_eq!(out.as_slice(), [0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55].map(|s: i32| s as f32));
    let mut idx = Tensor::<usize, Small>::splat(99);
    t.argmax_axes_into::<axes![0, 63]>(&mut idx.view_mut()).unwrap();
    assert_eq!(idx.as_slice(), [9; 12]);
    t.argmin_axes_into::<axes![0, 63]>(&mut idx.view_mut()).unwrap();
    assert_eq!(idx.as_slice(), [0; 12]);
    let mut to = Tensor::<f32, Tail>::splat(-1.0);
    t.sum_to_into(&mut to.view_mut());
    assert_eq!(to.as_slice(), [1560, 1710, 1860, 2010].map(|s: i32| s as f32));
}

/// A run-time outermost size: reduced away (a fixed result) and kept (a boxed one).
fn runtime<'id>(t: TensorRef<'_, f32, RtBig<'id>>) {
    assert_eq!(t.sum_axes::<axes![0, 63]>().as_slice(), [320, 370, 420, 470, 520, 570, 620, 670, 720, 770, 820, 870].map(|s: i32| s as f32));
    assert_eq!(t.mean_axes::<axes![0, 63]>().as_slice(), [32.0, 37.0, 42.0, 47.0, 52.0, 57.0, 62.0, 67.0, 72.0, 77.0, 82.0, 87.0]);
    assert_eq!(t.max_axes::<axes![0, 63]>().unwrap().as_slice(), [64, 69, 74, 79, 84, 89, 94, 99, 104, 109, 114, 119].map(|s: i32| s as f32));
    assert_eq!(t.min_axes::<axes![0, 63]>().unwrap().as_slice(), [0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55].map(|s: i32| s as f32));
    assert_eq!(t.argmax_axes::<axes![0, 63]>().unwrap().as_slice(), [9; 12]);
    assert_eq!(t.argmin_axes::<axes![0, 63]>().unwrap().as_slice(), [0; 12]);
    assert_eq!(t.sum_to::<Tail>().as_slice(), [1560, 1710, 1860, 2010].map(|s: i32| s as f32));

    let kept: BoxedTensor<f32, RtKept<'id>> = t.sum_axes::<axes![63]>();
    assert_eq!(kept.as_slice(), [10, 35, 60, 85, 110, 135, 160, 185, 210, 235, 260, 285, 310, 335, 360, 385, 410, 435, 460, 485, 510, 535, 560, 585].map(|s: i32| s as f32));
    let mut out = kept.clone();
    t.max_axes_into::<axes![63]>(&mut out.view_mut()).unwrap();
    assert_eq!(out.as_slice(), [4, 9, 14, 19, 24, 29, 34, 39, 44, 49, 54, 59, 64, 69, 74, 79, 84, 89, 94, 99, 104, 109, 114, 119].map(|s: i32| s as f32));
    t.mean_axes_into::<axes![63]>(&mut out.view_mut());
    assert_eq!(out.as_slice(), [2.0, 7.0, 12.0, 17.0, 22.0, 27.0, 32.0, 37.0, 42.0, 47.0, 52.0, 57.0, 62.0, 67.0, 72.0, 77.0, 82.0, 87.0, 92.0, 97.0, 102.0, 107.0, 112.0, 117.0]);
    t.sum_axes_into::<axes![63]>(&mut out.view_mut());
    t.min_axes_into::<axes![63]>(&mut out.view_mut()).unwrap();
    assert_eq!(t.max_axes::<axes![63]>().unwrap().as_slice(), [4, 9, 14, 19, 24, 29, 34, 39, 44, 49, 54, 59, 64, 69, 74, 79, 84, 89, 94, 99, 104, 109, 114, 119].map(|s: i32| s as f32));
    assert_eq!(t.min_axes::<axes![63]>().unwrap().as_slice()[1], 5.0);
    assert_eq!(t.mean_axes::<axes![63]>().as_slice()[1], 7.0);
    assert_eq!(t.argmax_axes::<axes![63]>().unwrap().as_slice(), [4; 24]);
    assert_eq!(t.argmin_axes::<axes![63]>().unwrap().as_slice(), [0; 24]);
    let mut idx = t.argmax_axes::<axes![63]>().unwrap();
    t.argmax_axes_into::<axes![63]>(&mut idx.view_mut()).unwrap();
    t.argmin_axes_into::<axes![63]>(&mut idx.view_mut()).unwrap();
    assert_eq!(idx.as_slice(), [0; 24]);
}

fn main() {
    fixed();
    let data: Vec<f32> = (0..120).map(at).collect();
    bind!(let rows: Rows = 2);
    runtime(TensorRef::from_shape(dims![rows, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 4, 5], &data).unwrap());
}

struct Rows;
