// An order of axes cannot be made outside the crate: `permute` reads the order of a `Perm`
// only (the trait of orders is sealed), so no order can name an axis past the shape's.
use shapecast::algebra::Order;

struct Backwards;

impl Order for Backwards {
    const ORDER: &'static [usize] = &[7, 7];
}

fn main() {}
