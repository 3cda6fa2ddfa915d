export function cartTotal(items){
    let total = items.reduce((sum,item)=>sum+item.price*item.quantity,0)
    return total
}

export function applyDiscount(total,percent) {
  if (percent<0||percent>100) throw new RangeError("percent must be between 0 and 100")
  return Math.round(total*(100-percent))/100
}
