import { describe, expect, it } from "vitest";
import { parsePrice } from "./parse-price.js";

describe("prices as Ugandans write them", () => {
  it.each([
    ["15000", 15_000],
    [" 15000 ", 15_000],
    ["1,500,000", 1_500_000],
    ["UGX 15,000", 15_000],
    ["ugx15000", 15_000],
    ["15,000/=", 15_000],
    ["15000/-", 15_000],
    ["Ush 2000", 2_000],
    ["Shs. 500", 500],
    ["15,000 UGX", 15_000],
    ["15000.00", 15_000],
  ])("reads %j as %d shillings", (cell, price) => {
    expect(parsePrice(cell)).toEqual({ ok: true, price });
  });

  it.each([
    ["15.5", 'price "15.5": whole shillings only'],
    ["1,500.50", 'price "1,500.50": whole shillings only'],
    ["abc", 'price "abc": not a number'],
    ["15k", 'price "15k": not a number'],
    ["USD 20", 'price "USD 20": not a number'],
    ["1,50,000", 'price "1,50,000": commas go between thousands (1,500,000)'],
    ["0", 'price "0": must be above 0'],
    ["-500", 'price "-500": must be above 0'],
    ["9,999,999,999,999", 'price "9,999,999,999,999": too high'],
    ["  ", "price: give the price in whole shillings"],
  ])("refuses %j saying %j", (cell, error) => {
    expect(parsePrice(cell)).toEqual({ ok: false, error });
  });
});
