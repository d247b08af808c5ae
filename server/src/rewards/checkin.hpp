#pragma once
// What makes a check-in transaction count (pure): its receipt, read from the check-in chain, must
// be a successful call from the user to the CheckIn contract that emitted CheckedIn(user, date)
// for the current UTC date.
#include <boost/json/object.hpp>
#include <optional>
#include <string>

#include "chain/address.hpp"

namespace perch::rewards {

// keccak256("CheckedIn(address,uint32)") as 0x-hex.
const std::string& checked_in_topic();

struct ReceiptCheck {
    std::optional<std::string> problem;  // client text when the receipt does not count
    int date = 0;                        // the checked-in yyyymmdd
};

ReceiptCheck check_checkin_receipt(const boost::json::object& receipt,
                                   const chain::Address& contract, const chain::Address& user,
                                   int today);

}  // namespace perch::rewards
