// Rejects different ranks with no dims and no scalar
use shapecast::prelude::*;

type Out = broadcast!([16, 8, 4], [8], dims = []);

fn main() {
    let _: Option<Out> = None;
}
