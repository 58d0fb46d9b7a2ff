// Rejects making a run-time size without binding it
use shapecast::shape::Dyn;

struct Samples;

fn main() {
    let _forged: Dyn<'static, Samples> = Default::default();
}
