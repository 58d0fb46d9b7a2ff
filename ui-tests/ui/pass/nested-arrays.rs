// Nested arrays read as axes with no annotation (no second reading, as `[16]` of arrays), and a
// flat array into a fixed shape of the same element count, checked at compile time
use shapecast::prelude::*;

fn main() {
    let rows = [[1i32, 2, 3]; 16];
    let t = TensorRef::from(&rows);
    let _: TensorRef<'_, i32, shape![16, 3]> = t;
    let owned = Tensor::from([[1u8, 2], [3, 4]]);
    let _: Tensor<u8, shape![2, 2]> = owned;
    let planes = Tensor::from([[[0.5f32; 2]; 3]; 4]);
    let _: Tensor<f32, shape![4, 3, 2]> = planes;
    let flat = [0i32; 48];
    let _: TensorRef<'_, i32, shape![16, 3]> = TensorRef::from_array(&flat);
    let _ = Tensor::<i32, shape![16, 3]>::from_array(flat);
}
