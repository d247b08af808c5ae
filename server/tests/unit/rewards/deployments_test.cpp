#include "rewards/deployments.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "test_paths.hpp"

namespace json = boost::json;
using namespace perch::rewards;

namespace {

json::object receipt(const char* status, json::value contract) {
    return {{"status", status},
            {"contractAddress", std::move(contract)},
            {"from", "0xAbC0000000000000000000000000000000000001"},
            {"blockNumber", "0x1a"}};
}

}  // namespace

TEST(Deployments, ASuccessfulCreationCountsForItsSender) {
    auto check =
        check_deployment_receipt(receipt("0x1", "0xDEF0000000000000000000000000000000000002"));
    EXPECT_FALSE(check.problem);
    EXPECT_EQ(check.deployer, "0xabc0000000000000000000000000000000000001");
    EXPECT_EQ(check.contract, "0xdef0000000000000000000000000000000000002");
    EXPECT_EQ(check.block_number, 26);
}

TEST(Deployments, AFailedOrNonCreationTransactionDoesNot) {
    EXPECT_EQ(check_deployment_receipt(receipt("0x0", "0xDEF0000000000000000000000000000000000002"))
                  .problem,
              "the deployment transaction failed on chain");
    EXPECT_EQ(check_deployment_receipt(receipt("0x1", nullptr)).problem,
              "this transaction did not deploy a contract");
    EXPECT_EQ(check_deployment_receipt(json::object{}).problem,
              "the deployment transaction failed on chain");
}

TEST(Deployments, TheTemplateIsTheCreationCodeThatStartsTheInput) {
    std::vector<DeployTemplate> templates{{"erc20", "6080aa"}, {"hello", "6080bb"}};
    EXPECT_EQ(template_of("0x6080BB0000000000000020", templates), "hello");
    EXPECT_EQ(template_of("0x6080aa", templates), "erc20");
    EXPECT_EQ(template_of("0x6080cc", templates), "custom");
    EXPECT_EQ(template_of("", templates), "custom");
}

TEST(Deployments, OneCreditSourcePerWalletAndNetwork) {
    EXPECT_EQ(deploy_credit_source(8453, "0xabc"), "deploy:8453:0xabc");
    EXPECT_NE(deploy_credit_source(8453, "0xabc"), deploy_credit_source(42161, "0xabc"));
}

TEST(Deployments, RulesLoadFromTheRepoConfig) {
    auto rules = load_deploy_rules(perch::test::config_dir());
    EXPECT_EQ(rules.points_per_network, 20);
    ASSERT_EQ(rules.templates.size(), 3u);
    EXPECT_EQ(rules.templates[0].id, "erc20");
    EXPECT_FALSE(rules.templates[0].bytecode.starts_with("0x"));
}
