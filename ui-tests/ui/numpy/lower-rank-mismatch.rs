// Rejects a vector whose length matches no trailing size
use shapecast::prelude::*;

type Out = broadcast!([4, 3], [4]);

fn main() {
    let _: Option<Out> = None;
}
