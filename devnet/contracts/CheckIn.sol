// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title CheckIn
/// @notice Daily on-chain check-in. `checkIn(yyyymmdd)` accepts only the current UTC date of the
///         block and only once per address per day. The Perch server verifies the receipt and
///         credits the day's points.
contract CheckIn {
    /// @notice checkedIn[user][yyyymmdd] is true once the user checked in that UTC day.
    mapping(address => mapping(uint32 => bool)) public checkedIn;

    event CheckedIn(address indexed user, uint32 indexed date);

    /// @notice `date` is not the block's UTC date.
    error WrongDate(uint32 given, uint32 today);
    error AlreadyCheckedIn(uint32 date);

    function checkIn(uint32 yyyymmdd) external {
        uint32 today_ = today();
        if (yyyymmdd != today_) revert WrongDate(yyyymmdd, today_);
        if (checkedIn[msg.sender][yyyymmdd]) revert AlreadyCheckedIn(yyyymmdd);
        checkedIn[msg.sender][yyyymmdd] = true;
        emit CheckedIn(msg.sender, yyyymmdd);
    }

    /// @notice The UTC date of the current block as yyyymmdd.
    function today() public view returns (uint32) {
        return dateOf(block.timestamp);
    }

    /// @notice The UTC date of a unix timestamp as yyyymmdd.
    function dateOf(uint256 timestamp) public pure returns (uint32) {
        (uint256 y, uint256 m, uint256 d) = civilFromDays(timestamp / 86400);
        return uint32(y * 10000 + m * 100 + d);
    }

    /// @dev Howard Hinnant's civil_from_days for days since 1970-01-01 (non-negative only, which
    ///      every block timestamp is). http://howardhinnant.github.io/date_algorithms.html
    function civilFromDays(uint256 z) internal pure returns (uint256 y, uint256 m, uint256 d) {
        z += 719468;
        uint256 era = z / 146097;
        uint256 doe = z - era * 146097; // [0, 146096]
        uint256 yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365; // [0, 399]
        y = yoe + era * 400;
        uint256 doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // [0, 365]
        uint256 mp = (5 * doy + 2) / 153; // [0, 11]
        d = doy - (153 * mp + 2) / 5 + 1; // [1, 31]
        m = mp < 10 ? mp + 3 : mp - 9; // [1, 12]
        if (m <= 2) y += 1;
    }
}
