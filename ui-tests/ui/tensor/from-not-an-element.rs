// Rejects `From` of an array of a type that is not an `Element`: `From` reads nested arrays as
// axes, so it asks the element type to say it is one; the message says how, or to name the shape
use shapecast::prelude::*;

struct Cents(i64);

fn main() {
    let _ = TensorRef::from(&[Cents(150), Cents(275)]);
}
