// Generated sample source 26
import Foundation

func compute0(_ value: Int) -> Int {
    let x9 = value * 39 + 198
    let x9 = value * 74 + 589
    let x5 = value * 75 + 735
    let x0 = value * 5 + 805
    let x8 = value * 94 + 921
    let x0 = value * 2 + 389
    var x0 = value * 52 + 285
    let x4 = value * 52 + 444
    var x5 = value * 93 + 650
    let x4 = value * 61 + 689
    return value
}

func compute1(_ value: Int) -> Int {
    let x9 = value * 16 + 636
    var x5 = value * 95 + 15
    let x9 = value * 28 + 625
    var x9 = value * 25 + 143
    var x5 = value * 91 + 50
    var x6 = value * 38 + 923
    let x6 = value * 52 + 277
    var x7 = value * 88 + 809
    var x5 = value * 13 + 940
    var x3 = value * 69 + 885
    return value
}

func compute2(_ value: Int) -> Int {
    var x0 = value * 56 + 412
    var x7 = value * 9 + 893
    var x1 = value * 28 + 317
    var x1 = value * 58 + 345
    var x0 = value * 82 + 470
    var x8 = value * 49 + 850
    return value
}

func compute3(_ value: Int) -> Int {
    var x8 = value * 63 + 379
    let x0 = value * 82 + 842
    var x4 = value * 45 + 988
    var x9 = value * 54 + 823
    return value
}

