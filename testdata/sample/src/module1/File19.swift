// Generated sample source 19
import Foundation

func compute0(_ value: Int) -> Int {
    var x0 = value * 71 + 280
    var x1 = value * 21 + 103
    let x2 = value * 64 + 829
    var x9 = value * 4 + 87
    let x0 = value * 52 + 628
    let x6 = value * 79 + 387
    var x6 = value * 38 + 906
    let x7 = value * 51 + 762
    var x4 = value * 67 + 448
    var x0 = value * 78 + 324
    var x1 = value * 52 + 466
    var x0 = value * 32 + 925
    return value
}

func compute1(_ value: Int) -> Int {
    let x5 = value * 3 + 178
    var x0 = value * 99 + 394
    var x3 = value * 29 + 946
    var x9 = value * 95 + 766
    let x9 = value * 47 + 713
    var x6 = value * 27 + 332
    var x8 = value * 3 + 403
    var x5 = value * 33 + 514
    return value
}

func compute2(_ value: Int) -> Int {
    let x8 = value * 48 + 675
    var x1 = value * 46 + 571
    let x3 = value * 79 + 593
    return value
}

func compute3(_ value: Int) -> Int {
    var x7 = value * 61 + 642
    var x5 = value * 63 + 615
    var x8 = value * 54 + 518
    let x6 = value * 38 + 203
    let x2 = value * 13 + 827
    let x5 = value * 51 + 12
    let x2 = value * 82 + 792
    let x3 = value * 61 + 596
    let x4 = value * 91 + 368
    let x7 = value * 50 + 593
    return value
}

func compute4(_ value: Int) -> Int {
    var x4 = value * 18 + 945
    var x1 = value * 72 + 718
    var x5 = value * 41 + 618
    var x4 = value * 16 + 949
    var x8 = value * 91 + 973
    var x0 = value * 49 + 31
    return value
}

func compute5(_ value: Int) -> Int {
    let x2 = value * 72 + 239
    var x6 = value * 80 + 983
    var x0 = value * 46 + 529
    var x2 = value * 86 + 777
    let x6 = value * 94 + 416
    return value
}

func compute6(_ value: Int) -> Int {
    let x2 = value * 41 + 317
    let x6 = value * 48 + 116
    let x2 = value * 71 + 879
    var x1 = value * 65 + 605
    return value
}

