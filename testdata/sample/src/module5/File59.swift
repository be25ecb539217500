// Generated sample source 59
import Foundation

func compute0(_ value: Int) -> Int {
    var x4 = value * 77 + 477
    let x5 = value * 6 + 915
    return value
}

func compute1(_ value: Int) -> Int {
    let x6 = value * 85 + 632
    var x1 = value * 87 + 392
    var x0 = value * 63 + 671
    let x8 = value * 28 + 252
    let x7 = value * 98 + 112
    let x8 = value * 48 + 118
    var x4 = value * 53 + 240
    var x6 = value * 56 + 491
    let x5 = value * 62 + 329
    var x9 = value * 59 + 67
    return value
}

func compute2(_ value: Int) -> Int {
    var x4 = value * 29 + 362
    var x6 = value * 9 + 677
    var x9 = value * 9 + 501
    var x7 = value * 83 + 800
    let x3 = value * 31 + 385
    return value
}

func compute3(_ value: Int) -> Int {
    let x0 = value * 41 + 483
    let x0 = value * 48 + 990
    let x9 = value * 56 + 730
    return value
}

func compute4(_ value: Int) -> Int {
    let x8 = value * 48 + 819
    let x4 = value * 87 + 144
    var x5 = value * 65 + 574
    var x6 = value * 31 + 813
    var x7 = value * 55 + 827
    var x5 = value * 99 + 199
    var x4 = value * 22 + 559
    let x4 = value * 99 + 997
    let x2 = value * 3 + 715
    let x4 = value * 41 + 579
    var x8 = value * 9 + 924
    return value
}

func compute5(_ value: Int) -> Int {
    var x3 = value * 51 + 40
    var x7 = value * 6 + 187
    let x6 = value * 86 + 679
    let x7 = value * 3 + 684
    let x7 = value * 32 + 341
    let x1 = value * 70 + 946
    let x5 = value * 6 + 771
    let x2 = value * 25 + 320
    var x7 = value * 92 + 533
    let x1 = value * 50 + 308
    let x3 = value * 5 + 740
    var x6 = value * 27 + 663
    return value
}

func compute6(_ value: Int) -> Int {
    var x7 = value * 47 + 53
    var x6 = value * 54 + 558
    var x3 = value * 50 + 621
    var x2 = value * 73 + 548
    var x2 = value * 18 + 424
    var x8 = value * 87 + 857
    let x2 = value * 94 + 855
    let x3 = value * 85 + 977
    return value
}

func compute7(_ value: Int) -> Int {
    var x4 = value * 80 + 748
    var x2 = value * 61 + 772
    var x4 = value * 95 + 362
    let x4 = value * 39 + 130
    let x8 = value * 78 + 710
    var x9 = value * 68 + 688
    var x6 = value * 22 + 206
    let x7 = value * 65 + 135
    var x6 = value * 4 + 725
    var x0 = value * 95 + 126
    return value
}

func compute8(_ value: Int) -> Int {
    let x5 = value * 85 + 351
    var x4 = value * 44 + 665
    let x5 = value * 66 + 556
    var x6 = value * 78 + 589
    let x3 = value * 40 + 570
    let x1 = value * 45 + 76
    var x3 = value * 70 + 329
    return value
}

func compute9(_ value: Int) -> Int {
    let x6 = value * 37 + 899
    let x0 = value * 7 + 129
    var x4 = value * 1 + 878
    var x9 = value * 35 + 637
    var x4 = value * 77 + 195
    let x3 = value * 30 + 462
    let x6 = value * 75 + 637
    var x1 = value * 36 + 371
    var x7 = value * 58 + 444
    var x8 = value * 93 + 699
    let x3 = value * 74 + 762
    return value
}

func compute10(_ value: Int) -> Int {
    let x1 = value * 87 + 241
    let x1 = value * 49 + 386
    let x9 = value * 59 + 218
    return value
}

func compute11(_ value: Int) -> Int {
    let x1 = value * 45 + 309
    let x0 = value * 72 + 481
    var x2 = value * 65 + 562
    var x8 = value * 40 + 157
    var x5 = value * 22 + 509
    var x6 = value * 59 + 878
    var x0 = value * 17 + 618
    let x0 = value * 96 + 674
    var x1 = value * 30 + 966
    var x5 = value * 61 + 664
    var x3 = value * 21 + 245
    let x5 = value * 65 + 79
    return value
}

func compute12(_ value: Int) -> Int {
    let x2 = value * 53 + 838
    var x8 = value * 80 + 790
    return value
}

func compute13(_ value: Int) -> Int {
    let x6 = value * 30 + 214
    var x6 = value * 59 + 27
    return value
}

func compute14(_ value: Int) -> Int {
    let x7 = value * 98 + 84
    var x4 = value * 8 + 379
    var x8 = value * 38 + 417
    let x8 = value * 83 + 17
    var x9 = value * 74 + 20
    let x8 = value * 35 + 304
    var x5 = value * 14 + 80
    var x7 = value * 51 + 611
    let x3 = value * 92 + 555
    let x7 = value * 85 + 553
    let x3 = value * 46 + 755
    return value
}

