// Rejects building a run-time size from its fields.
use core::marker::PhantomData;
use shapecast::shape::Dyn;

struct Samples;

fn main() {
    let _forged: Dyn<'static, Samples> = Dyn { value: 3, brand: PhantomData, name: PhantomData };
}
