// Rejects binding two values under one brand: a guard binds one size, once.
use shapecast::shape::Dyn;

struct Samples;

fn main() {
    shapecast::make_guard!(guard);
    let three = Dyn::<Samples>::bind(guard, 3);
    let two = Dyn::<Samples>::bind(guard, 2);
    let _ = three == two;
}
