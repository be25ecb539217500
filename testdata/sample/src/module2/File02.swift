// Generated sample source 2
import Foundation

func compute0(_ value: Int) -> Int {
    let x1 = value * 31 + 508
    let x3 = value * 9 + 519
    var x9 = value * 25 + 514
    let x2 = value * 65 + 553
    let x6 = value * 1 + 983
    let x4 = value * 45 + 985
    var x8 = value * 96 + 508
    var x6 = value * 10 + 259
    let x9 = value * 77 + 734
    var x5 = value * 77 + 945
    let x7 = value * 68 + 895
    return value
}

func compute1(_ value: Int) -> Int {
    let x6 = value * 71 + 669
    let x6 = value * 20 + 432
    let x7 = value * 32 + 159
    var x1 = value * 60 + 861
    var x6 = value * 51 + 354
    var x1 = value * 27 + 51
    var x0 = value * 67 + 399
    var x3 = value * 20 + 431
    let x2 = value * 76 + 306
    var x7 = value * 3 + 538
    var x7 = value * 47 + 721
    var x0 = value * 21 + 878
    return value
}

func compute2(_ value: Int) -> Int {
    let x5 = value * 6 + 105
    var x9 = value * 32 + 945
    var x3 = value * 95 + 526
    let x8 = value * 80 + 439
    var x3 = value * 31 + 768
    return value
}

func compute3(_ value: Int) -> Int {
    var x5 = value * 37 + 109
    let x4 = value * 73 + 839
    return value
}

func compute4(_ value: Int) -> Int {
    let x9 = value * 22 + 291
    var x5 = value * 80 + 164
    var x8 = value * 30 + 668
    var x5 = value * 30 + 178
    var x0 = value * 87 + 30
    var x0 = value * 36 + 132
    let x3 = value * 71 + 130
    let x7 = value * 8 + 927
    let x6 = value * 47 + 603
    let x2 = value * 76 + 734
    let x5 = value * 67 + 706
    var x1 = value * 30 + 162
    return value
}

func compute5(_ value: Int) -> Int {
    let x9 = value * 93 + 463
    let x3 = value * 13 + 890
    let x4 = value * 99 + 123
    let x6 = value * 83 + 302
    let x3 = value * 86 + 848
    var x5 = value * 33 + 198
    let x8 = value * 7 + 213
    let x4 = value * 36 + 359
    let x3 = value * 7 + 278
    let x8 = value * 78 + 287
    let x4 = value * 16 + 776
    var x2 = value * 2 + 830
    return value
}

func compute6(_ value: Int) -> Int {
    var x7 = value * 51 + 65
    let x8 = value * 66 + 568
    let x1 = value * 50 + 832
    var x1 = value * 7 + 512
    let x9 = value * 31 + 663
    let x3 = value * 21 + 836
    let x8 = value * 47 + 928
    let x6 = value * 42 + 919
    return value
}

func compute7(_ value: Int) -> Int {
    var x7 = value * 23 + 404
    var x6 = value * 14 + 634
    var x7 = value * 46 + 300
    var x8 = value * 89 + 194
    var x9 = value * 33 + 924
    var x9 = value * 28 + 439
    let x7 = value * 27 + 473
    let x6 = value * 43 + 474
    let x4 = value * 30 + 25
    let x6 = value * 64 + 690
    let x1 = value * 79 + 317
    var x9 = value * 20 + 473
    return value
}

func compute8(_ value: Int) -> Int {
    var x2 = value * 93 + 111
    let x5 = value * 55 + 876
    var x7 = value * 92 + 120
    let x2 = value * 51 + 139
    let x8 = value * 22 + 325
    var x0 = value * 95 + 995
    let x1 = value * 25 + 745
    var x9 = value * 16 + 764
    var x8 = value * 10 + 624
    let x3 = value * 52 + 423
    var x4 = value * 39 + 356
    var x2 = value * 77 + 487
    return value
}

