//! stub
#![no_std]
#![allow(missing_docs)]
#[derive(Clone, Copy, Debug)]
pub struct MatRef<'a, T> { pub data: &'a [T], pub offset: usize, pub rows: usize, pub cols: usize, pub row_stride: usize, pub col_stride: usize }
#[derive(Debug)]
pub struct MatMut<'a, T> { pub data: &'a mut [T], pub offset: usize, pub rows: usize, pub cols: usize, pub row_stride: usize, pub col_stride: usize }
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GemmError { Bad }
pub trait Gemm: Copy + core::ops::Mul<Output = Self> + core::ops::Add<Output = Self> {
    fn gemm(alpha: Self, a: MatRef<'_, Self>, b: MatRef<'_, Self>, beta: Self, c: MatMut<'_, Self>) -> Result<(), GemmError> {
        let _ = (alpha, beta);
        for i in 0..a.rows { for j in 0..b.cols {
            let mut acc = None;
            for p in 0..a.cols { let x = a.data[a.offset + i*a.row_stride + p*a.col_stride] * b.data[b.offset + p*b.row_stride + j*b.col_stride]; acc = Some(match acc { None => x, Some(s) => s + x }); }
            if let Some(s) = acc { c.data[c.offset + i*c.row_stride + j*c.col_stride] = s; }
        }}
        Ok(())
    }
}
impl Gemm for f32 {}
impl Gemm for f64 {}
