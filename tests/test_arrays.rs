//! Tensors from arrays: nested arrays read as axes with no second reading, and a flat array into
//! a fixed shape of the same count (checked at compile time), all agreeing with the checked
//! constructors.

use shapecast::prelude::*;

/// The three ways into `[16, 3]` from arrays, and the checked one from a slice, hold the same
/// elements in the same order.
#[test]
fn flat_nested_and_checked_agree() -> Result<(), ShapeError> {
    let nested: [[i32; 3]; 16] = core::array::from_fn(|r| [3 * r as i32, 3 * r as i32 + 1, 3 * r as i32 + 2]);
    let flat: [i32; 48] = core::array::from_fn(|i| i as i32);
    let from_nested = TensorRef::from(&nested);
    let from_flat = TensorRef::<i32, shape![16, 3]>::from_array(&flat);
    let owned = Tensor::<i32, shape![16, 3]>::from_array(flat);
    let checked = TensorRef::<i32, shape![16, 3]>::new(&flat)?;
    assert_eq!(from_nested, from_flat);
    assert_eq!(from_flat, owned);
    assert_eq!(owned, checked);
    assert_eq!(Tensor::from(nested), owned);
    let mut out = [0i32; 48];
    owned.map(|x| x * 2).view().broadcast_to_into(&mut TensorMut::<i32, shape![16, 3]>::from_array(&mut out));
    assert_eq!(out[47], 94);
    Ok(())
}

/// Three levels of nesting, borrowed and owned; and an element type that is not a number.
#[test]
fn deeper_nesting_and_other_elements() {
    let planes = [[[1u8, 2], [3, 4]], [[5, 6], [7, 8]]];
    assert_eq!(TensorRef::from(&planes).as_slice(), [1, 2, 3, 4, 5, 6, 7, 8]);
    assert_eq!(Tensor::from(planes).get(&[1, 1, 0]), Some(&7));
    let maybe = TensorRef::from(&[Some(1), None]);
    assert_eq!(maybe.get(&[1]), Some(&None));
    let words = Tensor::<&str, shape![2, 1]>::from_array(["a", "b"]);
    assert_eq!(words.get(&[1, 0]), Some(&"b"));
}
