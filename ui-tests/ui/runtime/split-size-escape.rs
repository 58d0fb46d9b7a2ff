// Rejects the second part of a split at a run-time position (its size `Rows-Train`, which
// names the binding `Train`) kept past the block that bound `Train`.
use shapecast::prelude::*;

struct Train;

fn main() {
    let data = [1, 2, 3, 4, 5];
    let x = Tensor::<i32, shape![5]>::from(data);
    let rest = {
        bind!(let train: Train = 3);
        let (_, rest) = x.split_off::<0, _>(train).unwrap();
        rest
    };
    let _ = rest.to_tensor();
}
