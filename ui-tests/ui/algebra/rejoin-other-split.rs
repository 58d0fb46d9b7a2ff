// Rejects joining back two parts that did not come from one split: the first part was cut at
// one run-time position, the second past another, of the same value
use shapecast::prelude::*;

struct Rows;
struct Cut;
struct Other;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let data = [0u8; 10];
    bind!(let rows: Rows = 5);
    bind!(let a: Cut = 2);
    bind!(let b: Other = 2);
    let x = TensorRef::from_shape(dims![rows, 2], &data)?;
    let (front, _) = x.split_off::<0, _>(a)?;
    let (_, back) = x.split_off::<0, _>(b)?;
    let _ = front.to_tensor().rejoin::<0>(&back.to_tensor());
    Ok(())
}
