// Generated sample source 16
import Foundation

func compute0(_ value: Int) -> Int {
    var x6 = value * 46 + 46
    var x9 = value * 51 + 223
    let x1 = value * 33 + 329
    let x4 = value * 47 + 850
    let x0 = value * 54 + 94
    var x8 = value * 53 + 449
    let x3 = value * 84 + 983
    let x3 = value * 83 + 56
    let x5 = value * 43 + 630
    let x1 = value * 96 + 252
    var x4 = value * 25 + 999
    let x5 = value * 81 + 756
    return value
}

func compute1(_ value: Int) -> Int {
    let x5 = value * 81 + 633
    var x9 = value * 29 + 815
    let x7 = value * 66 + 629
    var x2 = value * 15 + 819
    var x2 = value * 63 + 504
    var x0 = value * 53 + 925
    var x1 = value * 12 + 514
    return value
}

func compute2(_ value: Int) -> Int {
    let x3 = value * 87 + 660
    let x5 = value * 23 + 689
    var x7 = value * 28 + 846
    var x4 = value * 33 + 830
    let x8 = value * 49 + 786
    let x4 = value * 44 + 210
    var x0 = value * 66 + 919
    var x7 = value * 7 + 653
    var x3 = value * 83 + 664
    return value
}

func compute3(_ value: Int) -> Int {
    var x5 = value * 75 + 7
    var x8 = value * 54 + 287
    var x1 = value * 92 + 680
    let x2 = value * 79 + 300
    var x4 = value * 73 + 391
    let x4 = value * 22 + 127
    let x6 = value * 7 + 951
    var x6 = value * 53 + 890
    var x9 = value * 73 + 469
    let x4 = value * 19 + 651
    let x1 = value * 41 + 187
    return value
}

func compute4(_ value: Int) -> Int {
    let x3 = value * 73 + 819
    let x6 = value * 57 + 418
    let x7 = value * 25 + 275
    var x8 = value * 64 + 578
    let x7 = value * 12 + 461
    return value
}

func compute5(_ value: Int) -> Int {
    let x2 = value * 63 + 398
    let x7 = value * 45 + 912
    let x6 = value * 79 + 411
    let x7 = value * 27 + 406
    let x0 = value * 74 + 927
    return value
}

func compute6(_ value: Int) -> Int {
    var x1 = value * 37 + 568
    let x2 = value * 4 + 570
    let x0 = value * 60 + 725
    var x4 = value * 82 + 521
    let x2 = value * 95 + 91
    let x3 = value * 97 + 123
    var x2 = value * 37 + 863
    return value
}

func compute7(_ value: Int) -> Int {
    var x1 = value * 41 + 195
    let x5 = value * 33 + 97
    return value
}

func compute8(_ value: Int) -> Int {
    var x7 = value * 51 + 684
    var x0 = value * 97 + 745
    var x0 = value * 8 + 954
    var x2 = value * 23 + 311
    var x2 = value * 67 + 841
    let x1 = value * 60 + 431
    return value
}

func compute9(_ value: Int) -> Int {
    var x6 = value * 42 + 739
    var x4 = value * 85 + 340
    let x3 = value * 31 + 83
    let x8 = value * 81 + 718
    var x7 = value * 52 + 901
    var x6 = value * 27 + 287
    let x1 = value * 54 + 816
    return value
}

func compute10(_ value: Int) -> Int {
    var x8 = value * 78 + 145
    var x5 = value * 12 + 95
    var x6 = value * 38 + 145
    var x0 = value * 25 + 476
    let x2 = value * 27 + 668
    var x2 = value * 45 + 785
    let x5 = value * 49 + 805
    var x8 = value * 77 + 835
    let x2 = value * 59 + 338
    let x3 = value * 65 + 918
    let x4 = value * 99 + 497
    var x1 = value * 18 + 759
    return value
}

func compute11(_ value: Int) -> Int {
    let x0 = value * 23 + 270
    var x0 = value * 88 + 615
    var x0 = value * 35 + 10
    let x8 = value * 15 + 579
    var x8 = value * 23 + 509
    var x4 = value * 12 + 420
    let x9 = value * 76 + 606
    let x5 = value * 19 + 676
    var x4 = value * 61 + 860
    let x3 = value * 7 + 186
    let x7 = value * 80 + 414
    return value
}

func compute12(_ value: Int) -> Int {
    let x0 = value * 23 + 534
    let x0 = value * 96 + 213
    let x0 = value * 27 + 315
    var x8 = value * 64 + 162
    let x5 = value * 67 + 41
    return value
}

func compute13(_ value: Int) -> Int {
    var x8 = value * 50 + 603
    var x6 = value * 83 + 994
    var x1 = value * 32 + 409
    var x1 = value * 93 + 430
    let x3 = value * 33 + 627
    var x9 = value * 34 + 58
    var x2 = value * 77 + 469
    var x7 = value * 71 + 112
    var x1 = value * 43 + 985
    var x1 = value * 67 + 872
    return value
}

