// Rejects an expression of the user's own whose shape is honest but whose source reads another
// tensor: the kernels trust an expression to read exactly its shape, so `Expression` is sealed.
use shapecast::expr::{Expression, Typed};
use shapecast::prelude::*;

#[derive(Clone, Copy)]
struct Liar<L, S> {
    leaf: L,
    shape: S,
}

impl<L: Expression, S: AnyShape> Typed for Liar<L, S> {
    type Elem = L::Elem;
    type Shape = S;
    type Home = L::Home;
    fn shape(&self) -> S {
        self.shape
    }
}

impl<L: Expression, S: AnyShape> Expression for Liar<L, S> {
    type Source<const W: usize> = L::Source<W>;
    const SLOTS: usize = L::SLOTS;
    fn source<const W: usize>(self, lands: &[usize], slots: &mut usize) -> L::Source<W> {
        self.leaf.source(lands, slots)
    }
}

fn main() {}
