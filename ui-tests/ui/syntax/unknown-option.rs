// Rejects an option that is neither dims nor axes
use shapecast::prelude::*;

type Out = broadcast!([3] => [2, 3], axis = [0]);

fn main() {
    let _: Option<Out> = None;
}
