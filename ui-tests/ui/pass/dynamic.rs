// The run-time API compiles in an ordinary program.
fn main() {
    let shape = shapecast::dynamic::broadcast_shapes(&[&[2, 1], &[3]]).unwrap();
    assert_eq!(*shape, [2, 3]);
}
