// Generated sample source 28
import Foundation

func compute0(_ value: Int) -> Int {
    let x4 = value * 36 + 242
    let x7 = value * 40 + 383
    return value
}

func compute1(_ value: Int) -> Int {
    var x6 = value * 57 + 406
    let x1 = value * 19 + 570
    let x0 = value * 65 + 950
    var x5 = value * 60 + 912
    let x1 = value * 94 + 562
    return value
}

func compute2(_ value: Int) -> Int {
    var x9 = value * 44 + 346
    var x3 = value * 96 + 839
    let x6 = value * 96 + 828
    var x0 = value * 55 + 29
    let x2 = value * 69 + 272
    var x9 = value * 34 + 303
    let x3 = value * 11 + 533
    return value
}

func compute3(_ value: Int) -> Int {
    var x3 = value * 30 + 649
    let x5 = value * 49 + 636
    let x5 = value * 86 + 296
    var x1 = value * 74 + 446
    return value
}

func compute4(_ value: Int) -> Int {
    let x1 = value * 49 + 197
    let x5 = value * 83 + 439
    let x3 = value * 85 + 374
    let x2 = value * 25 + 479
    var x4 = value * 90 + 207
    return value
}

func compute5(_ value: Int) -> Int {
    var x1 = value * 73 + 68
    var x1 = value * 64 + 597
    var x9 = value * 33 + 532
    let x7 = value * 92 + 21
    return value
}

func compute6(_ value: Int) -> Int {
    var x4 = value * 24 + 958
    let x1 = value * 17 + 392
    var x1 = value * 34 + 192
    let x9 = value * 22 + 738
    let x8 = value * 26 + 630
    var x9 = value * 33 + 156
    var x0 = value * 43 + 478
    return value
}

func compute7(_ value: Int) -> Int {
    var x9 = value * 52 + 240
    let x9 = value * 50 + 122
    let x7 = value * 75 + 647
    var x3 = value * 66 + 368
    var x4 = value * 90 + 924
    return value
}

func compute8(_ value: Int) -> Int {
    let x7 = value * 62 + 564
    var x9 = value * 7 + 459
    let x1 = value * 66 + 164
    var x2 = value * 8 + 43
    var x4 = value * 80 + 473
    var x2 = value * 51 + 311
    let x0 = value * 5 + 543
    var x7 = value * 35 + 559
    let x5 = value * 10 + 163
    return value
}

func compute9(_ value: Int) -> Int {
    let x9 = value * 83 + 834
    let x8 = value * 36 + 574
    let x9 = value * 94 + 513
    var x9 = value * 94 + 391
    let x4 = value * 89 + 811
    var x4 = value * 61 + 879
    let x7 = value * 22 + 527
    let x6 = value * 17 + 583
    let x6 = value * 92 + 563
    return value
}

func compute10(_ value: Int) -> Int {
    let x1 = value * 40 + 788
    var x3 = value * 6 + 907
    var x3 = value * 24 + 762
    let x9 = value * 70 + 391
    return value
}

